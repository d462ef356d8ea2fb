CREATE TABLE "checkin_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"event_id" integer NOT NULL,
	"pass_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkin_changes_event_xid_idx" ON "checkin_changes" USING btree ("event_id","xid");--> statement-breakpoint
-- Hand-written (keep when regenerating): the triggers that fill checkin_changes, so every change a
-- scanner must learn of is logged with its transaction's id, whichever module makes it.
CREATE FUNCTION "checkin_change_of_pass"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "checkin_changes" ("event_id", "pass_id") VALUES (OLD."event_id", OLD."id");
  ELSE
    INSERT INTO "checkin_changes" ("event_id", "pass_id") VALUES (NEW."event_id", NEW."id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "passes_checkin_change_insert" AFTER INSERT OR DELETE ON "passes"
  FOR EACH ROW EXECUTE FUNCTION "checkin_change_of_pass"();
--> statement-breakpoint
CREATE TRIGGER "passes_checkin_change_update" AFTER UPDATE ON "passes"
  FOR EACH ROW WHEN (
    OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at"
    OR OLD."order_id" IS DISTINCT FROM NEW."order_id"
    OR OLD."registration_id" IS DISTINCT FROM NEW."registration_id"
    OR OLD."code" IS DISTINCT FROM NEW."code"
    OR OLD."event_id" IS DISTINCT FROM NEW."event_id"
  ) EXECUTE FUNCTION "checkin_change_of_pass"();
--> statement-breakpoint
CREATE FUNCTION "checkin_change_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "checkin_changes" ("event_id", "pass_id")
    SELECT "event_id", "id" FROM "passes" WHERE "order_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_checkin_change" AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN (
    (OLD."status" = 'paid') IS DISTINCT FROM (NEW."status" = 'paid')
    OR OLD."ticket_type_id" IS DISTINCT FROM NEW."ticket_type_id"
  ) EXECUTE FUNCTION "checkin_change_of_order"();
--> statement-breakpoint
CREATE FUNCTION "checkin_change_of_registration"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "checkin_changes" ("event_id", "pass_id")
    SELECT "event_id", "id" FROM "passes" WHERE "registration_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "registrations_checkin_change" AFTER UPDATE ON "registrations"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "checkin_change_of_registration"();
--> statement-breakpoint
CREATE FUNCTION "checkin_change_of_ticket_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "checkin_changes" ("event_id", "pass_id")
    SELECT p."event_id", p."id" FROM "passes" p JOIN "orders" o ON o."id" = p."order_id"
    WHERE o."ticket_type_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_types_checkin_change" AFTER UPDATE ON "ticket_types"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "checkin_change_of_ticket_type"();
--> statement-breakpoint
CREATE FUNCTION "checkin_change_of_scan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "checkin_changes" ("event_id", "pass_id")
    SELECT "event_id", "id" FROM "passes" WHERE "id" = NEW."pass_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "checkins_checkin_change" AFTER INSERT ON "checkins"
  FOR EACH ROW WHEN (NEW."result" = 'ok' AND NEW."pass_id" IS NOT NULL)
  EXECUTE FUNCTION "checkin_change_of_scan"();
