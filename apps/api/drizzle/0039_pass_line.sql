-- Decision 031: a pass admits on its own order line (line_position; every pass so far is of its
-- order's one line, 0), so one attendee of a group can change ticket on a line of their own; a
-- line whose attendees all left keeps its row with no units.
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_quantity_ck";--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "line_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_line_fk" FOREIGN KEY ("order_id","line_position") REFERENCES "public"."order_lines"("order_id","position") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_quantity_ck" CHECK ("order_lines"."quantity" >= 0);