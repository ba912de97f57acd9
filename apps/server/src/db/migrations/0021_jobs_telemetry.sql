ALTER TABLE "jobs" ADD COLUMN "trace_parent" text;--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("kind") WHERE failed_at is not null;