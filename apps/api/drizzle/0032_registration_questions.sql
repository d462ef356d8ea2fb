CREATE TABLE "registration_answers" (
	"registration_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_answers_registration_id_question_id_pk" PRIMARY KEY("registration_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "registration_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"participant_category_id" integer,
	"ticket_type_id" integer,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"help_text" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_questions_kind_ck" CHECK ("registration_questions"."kind" in ('text', 'choice', 'multi_choice', 'yes_no')),
	CONSTRAINT "registration_questions_scope_ck" CHECK ("registration_questions"."participant_category_id" is null or "registration_questions"."ticket_type_id" is null)
);
--> statement-breakpoint
ALTER TABLE "registration_answers" ADD CONSTRAINT "registration_answers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_answers" ADD CONSTRAINT "registration_answers_question_id_registration_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."registration_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_questions" ADD CONSTRAINT "registration_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_questions" ADD CONSTRAINT "registration_questions_participant_category_id_participant_categories_id_fk" FOREIGN KEY ("participant_category_id") REFERENCES "public"."participant_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_questions" ADD CONSTRAINT "registration_questions_ticket_type_fk" FOREIGN KEY ("ticket_type_id","event_id") REFERENCES "public"."ticket_types"("id","event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_answers_question_idx" ON "registration_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "registration_questions_event_idx" ON "registration_questions" USING btree ("event_id","position");