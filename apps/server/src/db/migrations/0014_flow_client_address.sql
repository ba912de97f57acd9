ALTER TABLE "code_flows" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "code_flows_client_ip_idx" ON "code_flows" USING btree ("client_ip","expires_at");