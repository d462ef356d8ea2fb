-- Registration search in the organizer console (issue 8 §2): case- and accent-insensitive
-- substring search over name, email, phone and company, served by a trigram index.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the
-- wrapper safe to declare IMMUTABLE, which an index expression requires.
CREATE OR REPLACE FUNCTION festival_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE INDEX "registrations_search_trgm" ON "registrations" USING gin (
  festival_search_text("name" || ' ' || "email" || ' ' || "contact_no" || ' ' || coalesce("company_name", '')) gin_trgm_ops
);
