CREATE TABLE "order_line_taxes" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"sac_code" text NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "order_line_taxes_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_line_taxes_rate_ck" CHECK ("order_line_taxes"."rate_bp" >= 0),
	CONSTRAINT "order_line_taxes_sum_ck" CHECK ("order_line_taxes"."taxable" + "order_line_taxes"."cgst" + "order_line_taxes"."sgst" + "order_line_taxes"."igst" = "order_line_taxes"."total"),
	CONSTRAINT "order_line_taxes_non_negative_ck" CHECK ("order_line_taxes"."taxable" >= 0 and "order_line_taxes"."cgst" >= 0 and "order_line_taxes"."sgst" >= 0 and "order_line_taxes"."igst" >= 0),
	CONSTRAINT "order_line_taxes_split_ck" CHECK ("order_line_taxes"."cgst" = "order_line_taxes"."sgst" and ("order_line_taxes"."igst" = 0 or "order_line_taxes"."cgst" = 0))
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"sac_code" text NOT NULL,
	"quantity" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "tax_document_lines_pk" PRIMARY KEY("document_id","position"),
	CONSTRAINT "tax_document_lines_quantity_ck" CHECK ("tax_document_lines"."quantity" > 0 and "tax_document_lines"."rate_bp" >= 0),
	CONSTRAINT "tax_document_lines_sum_ck" CHECK ("tax_document_lines"."taxable" + "tax_document_lines"."cgst" + "tax_document_lines"."sgst" + "tax_document_lines"."igst" = "tax_document_lines"."total"),
	CONSTRAINT "tax_document_lines_split_ck" CHECK ("tax_document_lines"."cgst" = "tax_document_lines"."sgst" and ("tax_document_lines"."igst" = 0 or "tax_document_lines"."cgst" = 0))
);
--> statement-breakpoint
ALTER TABLE "order_line_taxes" ADD CONSTRAINT "order_line_taxes_line_fk" FOREIGN KEY ("order_id","position") REFERENCES "public"."order_lines"("order_id","position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_taxes" ADD CONSTRAINT "order_line_taxes_order_tax_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_taxes"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written data step (keep when regenerating), decision 029: before the columns go, each
-- existing order's tax becomes the tax of its line, and each document's item its one line.
-- Every order has exactly one line (0027), at position 0; joining that position alone keeps
-- the header equal to the sum of its lines even for an order that was given more lines by hand.
INSERT INTO "order_line_taxes" ("order_id", "position", "rate_bp", "sac_code", "taxable", "cgst", "sgst", "igst", "total")
  SELECT t."order_id", l."position", t."rate_bp", t."sac_code", t."taxable", t."cgst", t."sgst", t."igst", t."total"
  FROM "order_taxes" t
  JOIN "order_lines" l ON l."order_id" = t."order_id" AND l."position" = 0;--> statement-breakpoint
INSERT INTO "tax_document_lines" ("document_id", "position", "description", "sac_code", "quantity", "rate_bp", "taxable", "cgst", "sgst", "igst", "total")
  SELECT "id", 0, "description", "sac_code", "quantity", "rate_bp", "taxable", "cgst", "sgst", "igst", "total"
  FROM "tax_documents";--> statement-breakpoint
-- Hand-written: a document's lines are as append-only as the document (CGST Rules 2017 rules 46
-- and 53). The function of 0014 now names the table it guards, so it serves both.
CREATE OR REPLACE FUNCTION "tax_documents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tax_document_lines_no_update_delete" BEFORE UPDATE OR DELETE ON "tax_document_lines" FOR EACH ROW EXECUTE FUNCTION "tax_documents_append_only"();--> statement-breakpoint
CREATE TRIGGER "tax_document_lines_no_truncate" BEFORE TRUNCATE ON "tax_document_lines" FOR EACH STATEMENT EXECUTE FUNCTION "tax_documents_append_only"();--> statement-breakpoint
ALTER TABLE "order_taxes" DROP COLUMN "line_amount";--> statement-breakpoint
ALTER TABLE "order_taxes" DROP COLUMN "rate_bp";--> statement-breakpoint
ALTER TABLE "order_taxes" DROP COLUMN "sac_code";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP COLUMN "sac_code";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP COLUMN "rate_bp";--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_sum_ck" CHECK ("order_taxes"."taxable" + "order_taxes"."cgst" + "order_taxes"."sgst" + "order_taxes"."igst" = "order_taxes"."total");--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_non_negative_ck" CHECK ("order_taxes"."taxable" >= 0 and "order_taxes"."cgst" >= 0 and "order_taxes"."sgst" >= 0 and "order_taxes"."igst" >= 0);--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_split_ck" CHECK ("order_taxes"."cgst" = "order_taxes"."sgst" and ("order_taxes"."igst" = 0 or "order_taxes"."cgst" = 0));--> statement-breakpoint
ALTER TABLE "order_taxes" ADD CONSTRAINT "order_taxes_supply_ck" CHECK (case when "order_taxes"."inter_state" then "order_taxes"."cgst" = 0 and "order_taxes"."sgst" = 0 else "order_taxes"."igst" = 0 end);
