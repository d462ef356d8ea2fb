CREATE TABLE "award_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"event_id" integer,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "registration_alerts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "award_categories" ADD CONSTRAINT "award_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_alerts" ADD CONSTRAINT "registration_alerts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "award_categories_event_name_uq" ON "award_categories" USING btree ("event_id","name");--> statement-breakpoint
-- Editions: the facts the site showed from build-time constants become columns. Existing
-- editions keep the invoice prefix of the settings they were invoiced under and get the
-- order-reference prefix their references had (SFG and the year).
ALTER TABLE "events" ADD COLUMN "edition_number" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "theme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sectors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "stats" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "visitor_registration" text DEFAULT 'external' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "visitor_registration_url" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reference_prefix" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "invoice_prefix" text;--> statement-breakpoint
UPDATE "events" SET
  "reference_prefix" = 'SFG' || to_char("starts_at" AT TIME ZONE 'Asia/Kolkata', 'YY'),
  "invoice_prefix" = coalesce((SELECT "invoice_prefix" FROM "organizer_settings" WHERE "id" = 1), 'INV'),
  "visitor_registration_url" = 'https://allevents.in/ahmedabad/startup-fest-gujarat';--> statement-breakpoint
-- The spec's 2024 edition, as the seed made it: its facts were the site's constants.
UPDATE "events" SET
  "edition_number" = 2,
  "theme" = 'Innovation at the Bottom of the Pyramid in Rural Innovations and Entrepreneurship',
  "sectors" = ARRAY['Agri-Tech', 'Food-Tech', 'Rural Innovation', 'Fin-Tech', 'Rural Healthcare', 'Edu-Tech'],
  "stats" = '[{"value":"1000+","label":"Participants"},{"value":"200+","label":"Startups"},{"value":"135+","label":"Investors"},{"value":"15000+","label":"Visitors"}]'::jsonb
WHERE "slug" = '2024';--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "reference_prefix" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "invoice_prefix" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_visitor_registration_ck" CHECK ("events"."visitor_registration" in ('pass', 'external'));--> statement-breakpoint
-- Invoice series per prefix: a sequence so far counted under the settings' prefix.
ALTER TABLE "document_sequences" ADD COLUMN "prefix" text;--> statement-breakpoint
UPDATE "document_sequences" SET "prefix" = coalesce((SELECT "invoice_prefix" FROM "organizer_settings" WHERE "id" = 1), 'INV');--> statement-breakpoint
ALTER TABLE "document_sequences" ALTER COLUMN "prefix" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_sequences" DROP CONSTRAINT "document_sequences_series_financial_year_pk";--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_series_prefix_financial_year_pk" PRIMARY KEY("series","prefix","financial_year");--> statement-breakpoint
-- Issued documents are append-only (their trigger refuses UPDATE); the prefix each was
-- numbered under is read back from its number once, with the trigger held off for this step.
ALTER TABLE "tax_documents" ADD COLUMN "prefix" text;--> statement-breakpoint
ALTER TABLE "tax_documents" DISABLE TRIGGER "tax_documents_no_update_delete";--> statement-breakpoint
UPDATE "tax_documents" SET "prefix" = split_part("number", '/', 1);--> statement-breakpoint
ALTER TABLE "tax_documents" ENABLE TRIGGER "tax_documents_no_update_delete";--> statement-breakpoint
ALTER TABLE "tax_documents" ALTER COLUMN "prefix" SET NOT NULL;--> statement-breakpoint
DROP INDEX "tax_documents_series_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_uq" ON "tax_documents" USING btree ("kind","prefix","financial_year","sequence");--> statement-breakpoint
-- Content entries belong to an edition: those so far belong to the current one.
ALTER TABLE "content_items" ADD COLUMN "event_id" integer;--> statement-breakpoint
UPDATE "content_items" SET "event_id" = (
  SELECT "id" FROM "events" ORDER BY "current_since" DESC NULLS LAST, "starts_at" DESC LIMIT 1
);--> statement-breakpoint
ALTER TABLE "content_items" ALTER COLUMN "event_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "content_items_collection_position_idx";--> statement-breakpoint
CREATE INDEX "content_items_event_collection_position_idx" ON "content_items" USING btree ("event_id","collection","position");--> statement-breakpoint
-- Award categories: nominees and votes so far were one category of the current edition.
INSERT INTO "award_categories" ("event_id", "name", "position")
SELECT "id", 'Startup Fest Awards', 1 FROM "events"
WHERE EXISTS (SELECT 1 FROM "cms_pages" WHERE "kind" = 'nominee') OR EXISTS (SELECT 1 FROM "votes")
ORDER BY "current_since" DESC NULLS LAST, "starts_at" DESC LIMIT 1;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "award_category_id" integer;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD CONSTRAINT "cms_pages_award_category_id_award_categories_id_fk" FOREIGN KEY ("award_category_id") REFERENCES "public"."award_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "cms_pages" SET "award_category_id" = (SELECT min("id") FROM "award_categories") WHERE "kind" = 'nominee';--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "award_category_id" integer;--> statement-breakpoint
UPDATE "votes" SET "award_category_id" = (SELECT min("id") FROM "award_categories");--> statement-breakpoint
ALTER TABLE "votes" ALTER COLUMN "award_category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_award_category_id_award_categories_id_fk" FOREIGN KEY ("award_category_id") REFERENCES "public"."award_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "votes_email_uq";--> statement-breakpoint
DROP INDEX "votes_voter_key_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "votes_category_email_uq" ON "votes" USING btree ("award_category_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_category_voter_key_uq" ON "votes" USING btree ("award_category_id","voter_key");
