ALTER TABLE "payments" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
-- Receipts made before letters existed are not mailed now.
UPDATE "receipts" SET "mailed_at" = "created_at";
