ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_digest" text;--> statement-breakpoint
ALTER TABLE "organizer_settings" ADD COLUMN "max_unpaid_seats_per_email" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizer_settings" ADD COLUMN "max_unpaid_seats_per_address" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_pending_expires_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';