CREATE TABLE "document_sequences" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_sequences_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "order_taxes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"line_amount" integer NOT NULL,
	"prices_include_gst" boolean NOT NULL,
	"rate_bp" integer NOT NULL,
	"sac_code" text NOT NULL,
	"supplier_state_code" text NOT NULL,
	"place_of_supply_code" text NOT NULL,
	"inter_state" boolean NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"total" integer NOT NULL,
	"buyer_company_name" text,
	"buyer_gstin" text,
	"buyer_address" text,
	"buyer_state_code" text
);
--> statement-breakpoint
CREATE TABLE "organizer_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"state_code" text NOT NULL,
	"gstin" text,
	"prices_include_gst" boolean NOT NULL,
	"invoice_prefix" text NOT NULL,
	"event_state_code" text NOT NULL,
	"public_email" text,
	"public_phone" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organizer_settings_single_row_ck" CHECK ("organizer_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"invoice_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"sac_code" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"place_of_supply_code" text NOT NULL,
	"inter_state" boolean NOT NULL,
	"state_tax_name" text NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "tax_documents_kind_ck" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note'))
);
--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "sac_code" text DEFAULT '998596' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "gst_rate_bp" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "place_of_supply" text DEFAULT 'event' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_uq" ON "tax_documents" USING btree ("kind","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_invoice_of_order_uq" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_place_of_supply_ck" CHECK ("ticket_types"."place_of_supply" in ('event', 'recipient'));--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_gst_rate_ck" CHECK ("ticket_types"."gst_rate_bp" >= 0 and "ticket_types"."gst_rate_bp" <= 2800);--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): invoices and credit notes are never
-- edited or deleted (CGST Rules 2017 rule 46, 53); a correction is a new credit note.
CREATE FUNCTION "tax_documents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax_documents is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_update_delete" BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "tax_documents_append_only"();--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_truncate" BEFORE TRUNCATE ON "tax_documents" FOR EACH STATEMENT EXECUTE FUNCTION "tax_documents_append_only"();
