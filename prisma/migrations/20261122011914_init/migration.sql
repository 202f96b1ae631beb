-- CreateEnum
CREATE TYPE "product_type" AS ENUM ('Service', 'Subscription', 'Add On');

-- CreateEnum
CREATE TYPE "product_unit" AS ENUM ('visit', 'hour');

-- CreateEnum
CREATE TYPE "deal_source" AS ENUM ('public_form', 'portal', 'hubspot');

-- CreateEnum
CREATE TYPE "invoice_status" AS ENUM ('draft', 'open', 'paid', 'voided');

-- CreateEnum
CREATE TYPE "ticket_category" AS ENUM ('Reschedule Request', 'Cancellation Request');

-- CreateEnum
CREATE TYPE "session_kind" AS ENUM ('customer', 'staff');

-- CreateEnum
CREATE TYPE "outbox_status" AS ENUM ('pending', 'dispatched');

-- CreateEnum
CREATE TYPE "career_status" AS ENUM ('Open', 'Closed');

-- CreateEnum
CREATE TYPE "career_icon" AS ENUM ('default', 'Truck');

-- CreateEnum
CREATE TYPE "team_member_kind" AS ENUM ('owner', 'lead_technician', 'partner', 'placeholder');

-- CreateTable
CREATE TABLE "product" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" "product_type" NOT NULL,
    "min_sqft" INTEGER NOT NULL,
    "max_sqft" INTEGER NOT NULL,
    "price_cents" INTEGER,
    "unit" "product_unit" NOT NULL,
    "display_order" INTEGER NOT NULL DEFAULT 0,
    "hubspot_product_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal_stage" (
    "id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "display_order" INTEGER NOT NULL,
    "is_history" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deal_stage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "first_name" TEXT,
    "last_name" TEXT,
    "street" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "square_footage" INTEGER,
    "portal_eligible" BOOLEAN NOT NULL DEFAULT false,
    "invited_at" TIMESTAMPTZ(3),
    "suspended" BOOLEAN NOT NULL DEFAULT false,
    "hubspot_id" TEXT,
    "lead_status" TEXT,
    "lifecycle_stage" TEXT,
    "crm_synced_at" TIMESTAMPTZ(3),
    "hubspot_updated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deal" (
    "id" TEXT NOT NULL,
    "contact_id" TEXT,
    "hubspot_id" TEXT,
    "name" TEXT,
    "stage_id" TEXT NOT NULL DEFAULT '1606828760',
    "scheduled_at" TIMESTAMPTZ(3),
    "preferred_date" DATE,
    "time_of_day" TEXT,
    "street" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "square_footage" INTEGER,
    "service_type" TEXT,
    "skus" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "amount_cents" INTEGER,
    "owner_id" TEXT,
    "source" "deal_source" NOT NULL,
    "invoice_hubspot_id" TEXT,
    "invoice_status" "invoice_status",
    "invoice_amount_cents" INTEGER,
    "invoice_number" TEXT,
    "invoice_pdf_url" TEXT,
    "invoice_url" TEXT,
    "crm_synced_at" TIMESTAMPTZ(3),
    "crm_last_error" TEXT,
    "hubspot_updated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "booking_request" (
    "id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "deal_id" TEXT NOT NULL,
    "source" "deal_source" NOT NULL,
    "payload" JSONB NOT NULL,
    "quote_type" TEXT,
    "contact_method" TEXT,
    "rooms" JSONB,
    "description" TEXT,
    "client_ip_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "booking_request_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket" (
    "id" TEXT NOT NULL,
    "deal_id" TEXT NOT NULL,
    "contact_id" TEXT,
    "hubspot_id" TEXT,
    "category" "ticket_category" NOT NULL,
    "pipeline_stage" TEXT,
    "reason" TEXT,
    "change_type" TEXT,
    "crm_synced_at" TIMESTAMPTZ(3),
    "crm_last_error" TEXT,
    "hubspot_updated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ticket_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_ticket" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "booking_id" TEXT,
    "reason" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "agreed" BOOLEAN NOT NULL,
    "hubspot_id" TEXT,
    "crm_synced_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_ticket_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notify_signup" (
    "id" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "interest" TEXT NOT NULL,
    "hubspot_id" TEXT,
    "crm_synced_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notify_signup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "otp_challenge" (
    "id" TEXT NOT NULL,
    "contact_id" TEXT,
    "phone" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "code_hmac" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "consumed_at" TIMESTAMPTZ(3),
    "voided_at" TIMESTAMPTZ(3),
    "request_ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otp_challenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session" (
    "id" TEXT NOT NULL,
    "kind" "session_kind" NOT NULL,
    "contact_id" TEXT,
    "staff_user_id" TEXT,
    "data" JSONB NOT NULL,
    "user_agent" TEXT,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "absolute_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_user" (
    "id" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "display_name" TEXT,
    "last_login_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "staff_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner" (
    "id" TEXT NOT NULL,
    "hubspot_id" TEXT NOT NULL,
    "email" TEXT,
    "first_name" TEXT,
    "last_name" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "hubspot_updated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "owner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "career_listing" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" "career_status" NOT NULL DEFAULT 'Open',
    "icon" "career_icon" NOT NULL DEFAULT 'default',
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "career_listing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team_member" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "bio" TEXT NOT NULL,
    "photo_url" TEXT,
    "kind" "team_member_kind" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "team_member_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_event" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "aggregate_type" TEXT NOT NULL,
    "aggregate_id" TEXT NOT NULL,
    "status" "outbox_status" NOT NULL DEFAULT 'pending',
    "available_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_key" (
    "key" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_key_pkey" PRIMARY KEY ("scope","key")
);

-- CreateTable
CREATE TABLE "sync_cursor" (
    "name" TEXT NOT NULL,
    "cursor" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sync_cursor_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "product_hubspot_product_id_key" ON "product"("hubspot_product_id");

-- CreateIndex
CREATE INDEX "product_type_min_sqft_max_sqft_idx" ON "product"("type", "min_sqft", "max_sqft");

-- CreateIndex
CREATE UNIQUE INDEX "contact_email_key" ON "contact"("email");

-- CreateIndex
CREATE UNIQUE INDEX "contact_hubspot_id_key" ON "contact"("hubspot_id");

-- CreateIndex
CREATE INDEX "contact_phone_idx" ON "contact"("phone");

-- CreateIndex
CREATE UNIQUE INDEX "deal_hubspot_id_key" ON "deal"("hubspot_id");

-- CreateIndex
CREATE UNIQUE INDEX "deal_invoice_hubspot_id_key" ON "deal"("invoice_hubspot_id");

-- CreateIndex
CREATE INDEX "deal_contact_id_scheduled_at_idx" ON "deal"("contact_id", "scheduled_at");

-- CreateIndex
CREATE INDEX "deal_stage_id_scheduled_at_idx" ON "deal"("stage_id", "scheduled_at");

-- CreateIndex
CREATE INDEX "deal_owner_id_scheduled_at_idx" ON "deal"("owner_id", "scheduled_at");

-- CreateIndex
CREATE UNIQUE INDEX "booking_request_deal_id_key" ON "booking_request"("deal_id");

-- CreateIndex
CREATE INDEX "booking_request_contact_id_created_at_idx" ON "booking_request"("contact_id", "created_at");

-- CreateIndex
CREATE INDEX "booking_request_client_ip_hash_created_at_idx" ON "booking_request"("client_ip_hash", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "ticket_hubspot_id_key" ON "ticket"("hubspot_id");

-- CreateIndex
CREATE INDEX "ticket_deal_id_created_at_idx" ON "ticket"("deal_id", "created_at");

-- CreateIndex
CREATE INDEX "ticket_contact_id_idx" ON "ticket"("contact_id");

-- CreateIndex
CREATE UNIQUE INDEX "contact_ticket_hubspot_id_key" ON "contact_ticket"("hubspot_id");

-- CreateIndex
CREATE INDEX "contact_ticket_email_created_at_idx" ON "contact_ticket"("email", "created_at");

-- CreateIndex
CREATE INDEX "notify_signup_email_created_at_idx" ON "notify_signup"("email", "created_at");

-- CreateIndex
CREATE INDEX "otp_challenge_phone_created_at_idx" ON "otp_challenge"("phone", "created_at");

-- CreateIndex
CREATE INDEX "otp_challenge_request_ip_created_at_idx" ON "otp_challenge"("request_ip", "created_at");

-- CreateIndex
CREATE INDEX "otp_challenge_contact_id_created_at_idx" ON "otp_challenge"("contact_id", "created_at");

-- CreateIndex
CREATE INDEX "session_expires_at_idx" ON "session"("expires_at");

-- CreateIndex
CREATE INDEX "session_contact_id_idx" ON "session"("contact_id");

-- CreateIndex
CREATE INDEX "session_staff_user_id_idx" ON "session"("staff_user_id");

-- CreateIndex
CREATE INDEX "staff_user_email_idx" ON "staff_user"("email");

-- CreateIndex
CREATE UNIQUE INDEX "staff_user_issuer_subject_key" ON "staff_user"("issuer", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "owner_hubspot_id_key" ON "owner"("hubspot_id");

-- CreateIndex
CREATE UNIQUE INDEX "career_listing_slug_key" ON "career_listing"("slug");

-- CreateIndex
CREATE INDEX "career_listing_status_sort_order_idx" ON "career_listing"("status", "sort_order");

-- CreateIndex
CREATE UNIQUE INDEX "team_member_slug_key" ON "team_member"("slug");

-- CreateIndex
CREATE INDEX "team_member_enabled_sort_order_idx" ON "team_member"("enabled", "sort_order");

-- CreateIndex
CREATE INDEX "outbox_event_status_available_at_idx" ON "outbox_event"("status", "available_at");

-- CreateIndex
CREATE INDEX "outbox_event_aggregate_type_aggregate_id_idx" ON "outbox_event"("aggregate_type", "aggregate_id");

-- CreateIndex
CREATE INDEX "idempotency_key_expires_at_idx" ON "idempotency_key"("expires_at");

-- AddForeignKey
ALTER TABLE "deal" ADD CONSTRAINT "deal_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal" ADD CONSTRAINT "deal_stage_id_fkey" FOREIGN KEY ("stage_id") REFERENCES "deal_stage"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deal" ADD CONSTRAINT "deal_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_request" ADD CONSTRAINT "booking_request_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "booking_request" ADD CONSTRAINT "booking_request_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "otp_challenge" ADD CONSTRAINT "otp_challenge_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session" ADD CONSTRAINT "session_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "session" ADD CONSTRAINT "session_staff_user_id_fkey" FOREIGN KEY ("staff_user_id") REFERENCES "staff_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
