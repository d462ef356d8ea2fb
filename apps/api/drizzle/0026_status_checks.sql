ALTER TABLE "checkins" ADD CONSTRAINT "checkins_direction_ck" CHECK ("checkins"."direction" in ('entry', 'exit'));--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_result_ck" CHECK ("checkins"."result" in ('ok', 'already_redeemed', 'invalid', 'revoked', 'unpaid', 'wrong_day', 'product'));--> statement-breakpoint
ALTER TABLE "cms_pages" ADD CONSTRAINT "cms_pages_kind_ck" CHECK ("cms_pages"."kind" in ('about', 'highlights', 'nominee'));--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_collection_ck" CHECK ("content_items"."collection" in ('speakers', 'sponsors', 'startups', 'participants', 'activities', 'event-flow'));--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_series_ck" CHECK ("document_sequences"."series" in ('invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refund_due', 'refunded'));--> statement-breakpoint
ALTER TABLE "organizers" ADD CONSTRAINT "organizers_role_ck" CHECK ("organizers"."role" in ('owner', 'manager', 'finance', 'content', 'gate'));--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_source_ck" CHECK ("payment_events"."source" in ('callback', 'webhook', 'offline', 'failure'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_ck" CHECK ("refunds"."status" in ('requested', 'pending', 'processed', 'failed'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_ck" CHECK ("refunds"."reason" in ('late_payment', 'duplicate_payment', 'organizer'));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_state_tax_name_ck" CHECK ("tax_documents"."state_tax_name" in ('SGST', 'UTGST'));--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_purpose_ck" CHECK ("uploaded_files"."purpose" in ('logo', 'brochure', 'product_image'));--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_price_mode_ck" CHECK ("vouchers"."price_mode" in ('set_price', 'subtract', 'percent', 'comp'));--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_status_ck" CHECK ("waiting_list_entries"."status" in ('waiting', 'offered', 'redeemed', 'lapsed', 'removed'));