CREATE TABLE "content_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"ext" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_images_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"key" text,
	"name" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"group" text DEFAULT '' NOT NULL,
	"link_url" text,
	"image_url" text,
	"image_width" integer,
	"image_height" integer,
	"image_alt" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_items_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "current_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "faq_items" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "content_items_collection_position_idx" ON "content_items" USING btree ("collection","position");