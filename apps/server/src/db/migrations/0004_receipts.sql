CREATE TABLE "payment_help_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"nick_name" text NOT NULL,
	"auth_type" text NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"sent_to" text NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_help_user_idx" ON "payment_help_requests" USING btree ("user_id","created_at");