CREATE TABLE "organizer_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizer_passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"counter" integer NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"aaguid" text,
	"created_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizer_rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "organizer_rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "organizer_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizer_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "organizer_two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizer_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "organizer_accounts" ADD CONSTRAINT "organizer_accounts_user_id_organizers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_passkeys" ADD CONSTRAINT "organizer_passkeys_user_id_organizers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_sessions" ADD CONSTRAINT "organizer_sessions_user_id_organizers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizer_two_factors" ADD CONSTRAINT "organizer_two_factors_user_id_organizers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizer_accounts_user_idx" ON "organizer_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organizer_passkeys_user_idx" ON "organizer_passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organizer_passkeys_credential_idx" ON "organizer_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "organizer_sessions_user_idx" ON "organizer_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organizer_two_factors_user_idx" ON "organizer_two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organizer_two_factors_secret_idx" ON "organizer_two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "organizer_verifications_identifier_idx" ON "organizer_verifications" USING btree ("identifier");