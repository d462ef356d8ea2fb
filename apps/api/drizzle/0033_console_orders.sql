ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_list" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_ck" CHECK ("orders"."source" in ('checkout', 'comp', 'bank_transfer'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_list_ck" CHECK ("orders"."guest_list" is null or "orders"."guest_list" in ('speaker', 'sponsor', 'press', 'other'));