CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_ck" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_amounts_ck" CHECK ("order_lines"."unit_amount" >= 0 and "order_lines"."amount" = "order_lines"."quantity" * "order_lines"."unit_amount")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_uq" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_ticket_type_idx" ON "order_lines" USING btree ("ticket_type_id");--> statement-breakpoint
-- Hand-written (keep when regenerating), decision 024. The triggers of 0019 and 0021 that read
-- the order's ticket type and quantity go first: the columns they read are dropped below, and
-- the lines must not count as newly paid seats when the data step writes them.
DROP TRIGGER "orders_sold_seats_insert" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_sold_seats_update" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_sold_seats_delete" ON "orders";--> statement-breakpoint
DROP FUNCTION "ticket_type_sold_seats_of_order"();--> statement-breakpoint
DROP TRIGGER "orders_checkin_change" ON "orders";--> statement-breakpoint
-- Hand-written data step: every existing order becomes its one line, before its columns go.
INSERT INTO "order_lines" ("order_id", "ticket_type_id", "quantity", "unit_amount", "amount", "position")
  SELECT "id", "ticket_type_id", "quantity", "unit_amount", "quantity" * "unit_amount", 0 FROM "orders";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_ticket_type_id_ticket_types_id_fk";
--> statement-breakpoint
DROP INDEX "orders_ticket_status_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "ticket_type_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_amount";--> statement-breakpoint
-- Hand-written: ticket_types.sold_seats follows the units of the lines of paid orders (decision
-- 016, now over lines). An order reaching or leaving `paid` adds or takes off all its lines, one
-- ticket type at a time in id order (two payments lock the types alike, so never deadlock); a
-- line written, changed or deleted while its order is paid adds or takes off itself. A paid
-- order is taken off BEFORE it is deleted, while its lines still exist; the lines its deletion
-- cascades to find no paid order and change nothing.
CREATE FUNCTION "ticket_type_sold_seats_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer := CASE WHEN TG_OP = 'UPDATE' AND NEW."status" = 'paid' THEN 1 ELSE -1 END;
  line record;
BEGIN
  FOR line IN
    SELECT "ticket_type_id", sum("quantity") AS "units" FROM "order_lines"
    WHERE "order_id" = OLD."id" GROUP BY "ticket_type_id" ORDER BY "ticket_type_id"
  LOOP
    UPDATE "ticket_types" SET "sold_seats" = "sold_seats" + sign * line."units" WHERE "id" = line."ticket_type_id";
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_sold_seats_update" AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN ((OLD."status" = 'paid') IS DISTINCT FROM (NEW."status" = 'paid'))
  EXECUTE FUNCTION "ticket_type_sold_seats_of_order"();
--> statement-breakpoint
CREATE TRIGGER "orders_sold_seats_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW WHEN (OLD."status" = 'paid') EXECUTE FUNCTION "ticket_type_sold_seats_of_order"();
--> statement-breakpoint
CREATE FUNCTION "ticket_type_sold_seats_of_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM "orders" WHERE "id" = OLD."order_id" AND "status" = 'paid') THEN
    UPDATE "ticket_types" SET "sold_seats" = "sold_seats" - OLD."quantity" WHERE "id" = OLD."ticket_type_id";
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM "orders" WHERE "id" = NEW."order_id" AND "status" = 'paid') THEN
    UPDATE "ticket_types" SET "sold_seats" = "sold_seats" + NEW."quantity" WHERE "id" = NEW."ticket_type_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_sold_seats_insert" AFTER INSERT ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION "ticket_type_sold_seats_of_line"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_sold_seats_update" AFTER UPDATE ON "order_lines"
  FOR EACH ROW WHEN (
    OLD."quantity" IS DISTINCT FROM NEW."quantity"
    OR OLD."ticket_type_id" IS DISTINCT FROM NEW."ticket_type_id"
    OR OLD."order_id" IS DISTINCT FROM NEW."order_id"
  ) EXECUTE FUNCTION "ticket_type_sold_seats_of_line"();
--> statement-breakpoint
CREATE TRIGGER "order_lines_sold_seats_delete" AFTER DELETE ON "order_lines"
  FOR EACH ROW EXECUTE FUNCTION "ticket_type_sold_seats_of_line"();
--> statement-breakpoint
-- Hand-written: the scanners' change log (0019) reads a pass's ticket type from its order's
-- lines now. An order reaching or leaving `paid` logs its passes, as before; a line changing
-- ticket type logs the passes of its order; a ticket type renamed logs the passes of the
-- orders with a line of it.
CREATE TRIGGER "orders_checkin_change" AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN ((OLD."status" = 'paid') IS DISTINCT FROM (NEW."status" = 'paid'))
  EXECUTE FUNCTION "checkin_change_of_order"();
--> statement-breakpoint
CREATE FUNCTION "checkin_change_of_order_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "checkin_changes" ("event_id", "pass_id")
    SELECT "event_id", "id" FROM "passes" WHERE "order_id" = NEW."order_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_checkin_change" AFTER UPDATE ON "order_lines"
  FOR EACH ROW WHEN (OLD."ticket_type_id" IS DISTINCT FROM NEW."ticket_type_id")
  EXECUTE FUNCTION "checkin_change_of_order_line"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "checkin_change_of_ticket_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "checkin_changes" ("event_id", "pass_id")
    SELECT p."event_id", p."id" FROM "passes" p
    WHERE EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = p."order_id" AND l."ticket_type_id" = NEW."id");
  RETURN NULL;
END $$;
