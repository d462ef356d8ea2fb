ALTER TABLE "registrations" ADD COLUMN "colleague_of_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sold_per" text DEFAULT 'attendee' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "passes_included" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_colleague_of_id_registrations_id_fk" FOREIGN KEY ("colleague_of_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_sold_per_ck" CHECK ("ticket_types"."sold_per" in ('attendee', 'company'));--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_passes_included_ck" CHECK ("ticket_types"."passes_included" >= 1 and ("ticket_types"."sold_per" = 'company' or "ticket_types"."passes_included" = 1));--> statement-breakpoint
-- Hand-written data migration (issue 9 §2; keep when regenerating): stall packages already
-- seeded are sold per company with the passes spec §9 lists (Gold 4, Platinum 6; Silver 1,
-- its one chair). Existing orders of them keep their quantity (attendees), which only
-- overstates the stalls they hold.
UPDATE "ticket_types" SET "sold_per" = 'company', "passes_included" = CASE
  WHEN "name" ILIKE 'Platinum%' THEN 6
  WHEN "name" ILIKE 'Gold%' THEN 4
  ELSE 1
END WHERE "name" ILIKE '%Stall Package%';
