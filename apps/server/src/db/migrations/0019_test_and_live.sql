ALTER TABLE "payment_disputes" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "project_api_keys" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
-- Payments paid or started in the sandbox were tests; so are their refunds and disputes.
UPDATE "payments" SET "livemode" = false WHERE "provider_ref" LIKE 'sbx\_%';--> statement-breakpoint
UPDATE "payment_refunds" SET "livemode" = false WHERE "payment_id" IN (SELECT "id" FROM "payments" WHERE NOT "livemode");--> statement-breakpoint
UPDATE "payment_disputes" SET "livemode" = false WHERE "payment_id" IN (SELECT "id" FROM "payments" WHERE NOT "livemode");
