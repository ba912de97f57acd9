CREATE TABLE "sign_in_nonces" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upload_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_key" text NOT NULL,
	"address" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_api_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sign_in_nonces_expires_idx" ON "sign_in_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "upload_ledger_owner_idx" ON "upload_ledger" USING btree ("owner_key","created_at");--> statement-breakpoint
CREATE INDEX "upload_ledger_address_idx" ON "upload_ledger" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "upload_ledger_created_idx" ON "upload_ledger" USING btree ("created_at");