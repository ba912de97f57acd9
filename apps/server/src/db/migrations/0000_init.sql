CREATE TABLE "games" (
	"project" text PRIMARY KEY NOT NULL,
	"web_page" jsonb,
	"localization" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seo_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"social_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" text PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"ru_title" text NOT NULL,
	"ru_value" numeric(12, 2) NOT NULL,
	"en_title" text NOT NULL,
	"en_value" numeric(12, 2) NOT NULL,
	"logo_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"name" text PRIMARY KEY NOT NULL,
	"auth_type" text DEFAULT 'postMessage' NOT NULL,
	"auth_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payments_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extra" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"out_of_catalog" boolean DEFAULT false NOT NULL,
	"host_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"single_game_settings" jsonb,
	"seo_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_project_projects_name_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_project_projects_name_fk" FOREIGN KEY ("project") REFERENCES "public"."projects"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "prices_project_idx" ON "prices" USING btree ("project","sort_order");