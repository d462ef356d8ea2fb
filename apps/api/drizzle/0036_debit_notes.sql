ALTER TABLE "document_sequences" DROP CONSTRAINT "document_sequences_series_ck";--> statement-breakpoint
ALTER TABLE "tax_documents" DROP CONSTRAINT "tax_documents_kind_ck";--> statement-breakpoint
ALTER TABLE "document_sequences" ADD CONSTRAINT "document_sequences_series_ck" CHECK ("document_sequences"."series" in ('invoice', 'credit_note', 'debit_note'));--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_kind_ck" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note', 'debit_note'));