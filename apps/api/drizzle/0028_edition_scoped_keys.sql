-- The ticket types of vouchers and check-in lists move from integer arrays, which held no
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
