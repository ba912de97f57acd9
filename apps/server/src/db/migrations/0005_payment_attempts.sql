CREATE TABLE "payment_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_ref_idx" ON "payment_attempts" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_attempts_payment_idx" ON "payment_attempts" USING btree ("payment_id");--> statement-breakpoint
-- Payments that already chose a provider keep that provider payment as their first attempt.
INSERT INTO "payment_attempts" ("payment_id", "provider", "provider_ref", "amount_minor", "currency", "created_at")
SELECT "id", "provider", "provider_ref", "amount_minor", "currency", "updated_at" FROM "payments"
WHERE "provider" IS NOT NULL AND "provider_ref" IS NOT NULL
ON CONFLICT DO NOTHING;
