DROP INDEX "refunds_provider_payment_uq";--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "comment" text;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_payment_uq" ON "refunds" USING btree ("provider","provider_payment_id") WHERE "refunds"."reason" <> 'organizer';