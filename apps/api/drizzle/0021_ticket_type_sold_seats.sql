ALTER TABLE "ticket_types" ADD COLUMN "sold_seats" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Hand-written (keep when regenerating): ticket_types.sold_seats follows the units of paid
-- orders, in the transaction that pays, refunds, moves or deletes an order, whichever module
-- (or test, or console) writes it. Checkout reads it from the ticket type's locked row instead
-- of summing every paid order (decision 016).
CREATE FUNCTION "ticket_type_sold_seats_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'paid' THEN
    UPDATE "ticket_types" SET "sold_seats" = "sold_seats" - OLD."quantity" WHERE "id" = OLD."ticket_type_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'paid' THEN
    UPDATE "ticket_types" SET "sold_seats" = "sold_seats" + NEW."quantity" WHERE "id" = NEW."ticket_type_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_sold_seats_insert" AFTER INSERT ON "orders"
  FOR EACH ROW WHEN (NEW."status" = 'paid') EXECUTE FUNCTION "ticket_type_sold_seats_of_order"();
--> statement-breakpoint
CREATE TRIGGER "orders_sold_seats_update" AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN (
    (OLD."status" = 'paid' OR NEW."status" = 'paid') AND (
      OLD."status" IS DISTINCT FROM NEW."status"
      OR OLD."quantity" IS DISTINCT FROM NEW."quantity"
      OR OLD."ticket_type_id" IS DISTINCT FROM NEW."ticket_type_id"
    )
  ) EXECUTE FUNCTION "ticket_type_sold_seats_of_order"();
--> statement-breakpoint
CREATE TRIGGER "orders_sold_seats_delete" AFTER DELETE ON "orders"
  FOR EACH ROW WHEN (OLD."status" = 'paid') EXECUTE FUNCTION "ticket_type_sold_seats_of_order"();
--> statement-breakpoint
UPDATE "ticket_types" SET "sold_seats" = (
  SELECT coalesce(sum("quantity"), 0) FROM "orders"
  WHERE "orders"."ticket_type_id" = "ticket_types"."id" AND "orders"."status" = 'paid'
);
