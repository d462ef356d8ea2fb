ALTER TABLE "audit_log" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "voter_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "votes_voter_key_uq" ON "votes" USING btree ("voter_key");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): the audit log stays append-only, with one
-- exception, the redaction of a person's data after their erasure (DPDP Act 2023 §12). Such an
-- UPDATE must set a new redacted_at and keep the row's id, time, organizer and action.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.redacted_at IS NOT NULL AND NEW.redacted_at IS DISTINCT FROM OLD.redacted_at
      AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.organizer_id = OLD.organizer_id
      AND NEW.action = OLD.action AND NEW.entity_type = OLD.entity_type THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
