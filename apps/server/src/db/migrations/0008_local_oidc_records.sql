CREATE TABLE "local_oidc_records" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "local_oidc_records_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX "local_oidc_records_uid_idx" ON "local_oidc_records" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "local_oidc_records_grant_idx" ON "local_oidc_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "local_oidc_records_expires_idx" ON "local_oidc_records" USING btree ("expires_at");