ALTER TABLE "registrations" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_locale_ck" CHECK ("registrations"."locale" in ('en', 'gu', 'hi'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_locale_ck" CHECK ("orders"."locale" in ('en', 'gu', 'hi'));