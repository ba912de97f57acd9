ALTER TABLE "sessions" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_client_ip_idx" ON "sessions" USING btree ("client_ip","created_at");