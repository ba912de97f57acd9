CREATE TABLE "code_flows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"password_hash" text,
	"verified_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "code_flows_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "rate_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "pending_registrations" CASCADE;--> statement-breakpoint
ALTER TABLE "auth_states" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "auth_states" ADD COLUMN "handoff_hash" text;--> statement-breakpoint
CREATE INDEX "code_flows_purpose_email_idx" ON "code_flows" USING btree ("purpose","email");--> statement-breakpoint
CREATE INDEX "code_flows_expires_idx" ON "code_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_events_key_at_idx" ON "rate_events" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "rate_events_at_idx" ON "rate_events" USING btree ("at");--> statement-breakpoint
ALTER TABLE "email_codes" DROP COLUMN "verified_until";