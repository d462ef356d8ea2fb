CREATE TABLE "automatic_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "automatic_reminders_kind_subject_uq" UNIQUE("kind","subject_id"),
	CONSTRAINT "automatic_reminders_kind_ck" CHECK ("automatic_reminders"."kind" in ('unpaid', 'day_before', 'waiting_list_joined'))
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"registration_id" uuid,
	"reference" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"queued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_recipients_message_email_uq" UNIQUE("message_id","email"),
	CONSTRAINT "message_recipients_status_ck" CHECK ("message_recipients"."status" in ('queued', 'sent', 'failed', 'bounced'))
);
--> statement-breakpoint
CREATE TABLE "message_settings" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"daily_cap" integer DEFAULT 5000 NOT NULL,
	"unpaid_reminder" boolean DEFAULT true NOT NULL,
	"unpaid_reminder_hours" integer DEFAULT 24 NOT NULL,
	"day_before_reminder" boolean DEFAULT true NOT NULL,
	"waiting_list_confirmation" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_settings_daily_cap_ck" CHECK ("message_settings"."daily_cap" >= 0),
	CONSTRAINT "message_settings_unpaid_hours_ck" CHECK ("message_settings"."unpaid_reminder_hours" >= 1)
);
--> statement-breakpoint
CREATE TABLE "message_unsubscribes" (
	"address_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"filter" jsonb NOT NULL,
	"transactional" boolean DEFAULT false NOT NULL,
	"client_key" uuid NOT NULL,
	"author_id" text NOT NULL,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_client_key_unique" UNIQUE("client_key")
);
--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_recipients_message_status_idx" ON "message_recipients" USING btree ("message_id","status");--> statement-breakpoint
CREATE INDEX "message_recipients_queued_at_idx" ON "message_recipients" USING btree ("queued_at");