CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"buyer_notified_at" timestamp with time zone,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pass_email_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "event_id" integer;--> statement-breakpoint
-- Passes issued before this migration take the event of their order.
UPDATE "passes" SET "event_id" = "orders"."event_id" FROM "orders" WHERE "orders"."id" = "passes"."order_id";--> statement-breakpoint
ALTER TABLE "passes" ALTER COLUMN "event_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_payment_uq" ON "refunds" USING btree ("provider","provider_payment_id");--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passes_event_registration_uq" ON "passes" USING btree ("event_id","registration_id");