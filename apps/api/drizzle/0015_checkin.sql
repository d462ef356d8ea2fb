CREATE TABLE "checkin_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"ticket_type_ids" integer[] NOT NULL,
	"days" integer[] NOT NULL,
	"allow_exit" boolean DEFAULT false NOT NULL,
	"allow_reentry" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" integer NOT NULL,
	"pass_id" uuid,
	"nonce" text NOT NULL,
	"direction" text NOT NULL,
	"result" text NOT NULL,
	"gate" text DEFAULT '' NOT NULL,
	"organizer_id" text,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD CONSTRAINT "checkin_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_signing_keys_active_uq" ON "checkin_signing_keys" USING btree ((true)) WHERE "checkin_signing_keys"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_nonce_uq" ON "checkins" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "checkins_list_pass_idx" ON "checkins" USING btree ("list_id","pass_id","scanned_at");