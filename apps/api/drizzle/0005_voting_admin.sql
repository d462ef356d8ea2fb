ALTER TABLE "events" ADD COLUMN "voting_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "ip" text;