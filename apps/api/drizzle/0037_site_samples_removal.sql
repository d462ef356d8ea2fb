CREATE TABLE "site_samples_removal" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_samples_removal_single_ck" CHECK ("site_samples_removal"."id")
);
