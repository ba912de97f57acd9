ALTER TABLE "prices" ADD COLUMN "titles" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "titles" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "prices" SET "titles" = jsonb_build_object('ru', "ru_title", 'en', "en_title");--> statement-breakpoint
UPDATE "payments" SET "titles" = jsonb_build_object('ru', "title_ru", 'en', "title_en");--> statement-breakpoint
ALTER TABLE "prices" DROP COLUMN "ru_title";--> statement-breakpoint
ALTER TABLE "prices" DROP COLUMN "en_title";
