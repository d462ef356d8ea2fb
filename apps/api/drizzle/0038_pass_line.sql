-- Decision 031: a pass admits on its own order line (line_position; every pass so far is of its
-- order's one line, 0), so one attendee of a group can change ticket on a line of their own; a
-- line whose attendees all left keeps its row with no units.
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_quantity_ck";--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "line_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_line_fk" FOREIGN KEY ("order_id","line_position") REFERENCES "public"."order_lines"("order_id","position") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_quantity_ck" CHECK ("order_lines"."quantity" >= 0);--> statement-breakpoint
-- Hand-written (keep when regenerating): a pass moved to another line admits on another ticket,
-- which the scanners must learn of, so moving it is logged as 0019 logs its other changes.
DROP TRIGGER "passes_checkin_change_update" ON "passes";--> statement-breakpoint
CREATE TRIGGER "passes_checkin_change_update" AFTER UPDATE ON "passes"
  FOR EACH ROW WHEN (
    OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at"
    OR OLD."order_id" IS DISTINCT FROM NEW."order_id"
    OR OLD."registration_id" IS DISTINCT FROM NEW."registration_id"
    OR OLD."code" IS DISTINCT FROM NEW."code"
    OR OLD."event_id" IS DISTINCT FROM NEW."event_id"
    OR OLD."line_position" IS DISTINCT FROM NEW."line_position"
  ) EXECUTE FUNCTION "checkin_change_of_pass"();
