-- The invoice series belongs to each edition (events.invoice_prefix, which 0024 filled from this
-- column): one source, so a second edition numbers its own series.
ALTER TABLE "organizer_settings" DROP COLUMN "invoice_prefix";