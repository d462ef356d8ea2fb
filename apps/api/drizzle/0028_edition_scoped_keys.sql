-- Keys for more than one edition. Two parts, each hand-written where drizzle-kit would not do it.
--
-- 1. The ticket types of vouchers and check-in lists move from integer arrays, which held no
-- foreign key, to join rows whose two composite foreign keys keep each named ticket type in the
-- voucher's or list's own edition. Hand-written (drizzle-kit orders the foreign keys before the
-- unique keys they need, and moves no data): the unique keys, the tables, the rows copied from
-- the arrays, the foreign keys, then the arrays dropped.
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_id_event_uq" UNIQUE("id","event_id");--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_id_event_uq" UNIQUE("id","event_id");--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD CONSTRAINT "checkin_lists_id_event_uq" UNIQUE("id","event_id");--> statement-breakpoint
CREATE TABLE "voucher_ticket_types" (
	"voucher_id" integer NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "voucher_ticket_types_pk" PRIMARY KEY("voucher_id","ticket_type_id")
);
--> statement-breakpoint
CREATE TABLE "checkin_list_ticket_types" (
	"checkin_list_id" integer NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "checkin_list_ticket_types_pk" PRIMARY KEY("checkin_list_id","ticket_type_id")
);
--> statement-breakpoint
-- An id in an array that names no ticket type of the same edition (a deleted type, or one of
-- another edition written past the services' checks) matched no order before and is left out.
INSERT INTO "voucher_ticket_types" ("voucher_id", "ticket_type_id", "event_id")
SELECT DISTINCT v."id", t."id", v."event_id"
FROM "vouchers" v
CROSS JOIN LATERAL unnest(v."ticket_type_ids") AS named("id")
JOIN "ticket_types" t ON t."id" = named."id" AND t."event_id" = v."event_id";--> statement-breakpoint
INSERT INTO "checkin_list_ticket_types" ("checkin_list_id", "ticket_type_id", "event_id")
SELECT DISTINCT l."id", t."id", l."event_id"
FROM "checkin_lists" l
CROSS JOIN LATERAL unnest(l."ticket_type_ids") AS named("id")
JOIN "ticket_types" t ON t."id" = named."id" AND t."event_id" = l."event_id";--> statement-breakpoint
ALTER TABLE "voucher_ticket_types" ADD CONSTRAINT "voucher_ticket_types_voucher_fk" FOREIGN KEY ("voucher_id","event_id") REFERENCES "public"."vouchers"("id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_ticket_types" ADD CONSTRAINT "voucher_ticket_types_same_edition_fk" FOREIGN KEY ("ticket_type_id","event_id") REFERENCES "public"."ticket_types"("id","event_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_list_ticket_types" ADD CONSTRAINT "checkin_list_ticket_types_list_fk" FOREIGN KEY ("checkin_list_id","event_id") REFERENCES "public"."checkin_lists"("id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_list_ticket_types" ADD CONSTRAINT "checkin_list_ticket_types_same_edition_fk" FOREIGN KEY ("ticket_type_id","event_id") REFERENCES "public"."ticket_types"("id","event_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_ticket_types_ticket_type_idx" ON "voucher_ticket_types" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "checkin_list_ticket_types_ticket_type_idx" ON "checkin_list_ticket_types" USING btree ("ticket_type_id");--> statement-breakpoint
ALTER TABLE "vouchers" DROP COLUMN "ticket_type_ids";--> statement-breakpoint
ALTER TABLE "checkin_lists" DROP COLUMN "ticket_type_ids";
--> statement-breakpoint
-- 2. The organizer's settings become one row per edition (decision 025). Hand-written: the one row
-- there was (id 1) is copied to every existing edition, so each edition, and every order and
-- invoice of it, keeps reading exactly what it read before; the id column then goes.
ALTER TABLE "organizer_settings" DROP CONSTRAINT "organizer_settings_single_row_ck";--> statement-breakpoint
ALTER TABLE "organizer_settings" DROP CONSTRAINT "organizer_settings_pkey";--> statement-breakpoint
ALTER TABLE "organizer_settings" ADD COLUMN "event_id" integer;--> statement-breakpoint
INSERT INTO "organizer_settings" ("id", "event_id", "legal_name", "address", "state_code", "gstin", "prices_include_gst", "event_state_code", "public_email", "public_phone", "max_unpaid_seats_per_email", "max_unpaid_seats_per_address", "updated_at")
SELECT s."id", e."id", s."legal_name", s."address", s."state_code", s."gstin", s."prices_include_gst", s."event_state_code", s."public_email", s."public_phone", s."max_unpaid_seats_per_email", s."max_unpaid_seats_per_address", s."updated_at"
FROM "organizer_settings" s CROSS JOIN "events" e
WHERE s."event_id" IS NULL;--> statement-breakpoint
DELETE FROM "organizer_settings" WHERE "event_id" IS NULL;--> statement-breakpoint
ALTER TABLE "organizer_settings" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "organizer_settings" ALTER COLUMN "event_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organizer_settings" ADD PRIMARY KEY ("event_id");--> statement-breakpoint
ALTER TABLE "organizer_settings" ADD CONSTRAINT "organizer_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;
