CREATE TABLE "pass_transfer_settings" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"attendees_may_transfer" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_attendees" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_attendees" ADD COLUMN "transferred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pass_transfer_settings" ADD CONSTRAINT "pass_transfer_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;