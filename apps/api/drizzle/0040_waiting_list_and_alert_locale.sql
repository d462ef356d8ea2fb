ALTER TABLE "waiting_list_entries" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_alerts" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_locale_ck" CHECK ("waiting_list_entries"."locale" in ('en', 'gu', 'hi'));--> statement-breakpoint
ALTER TABLE "registration_alerts" ADD CONSTRAINT "registration_alerts_locale_ck" CHECK ("registration_alerts"."locale" in ('en', 'gu', 'hi'));