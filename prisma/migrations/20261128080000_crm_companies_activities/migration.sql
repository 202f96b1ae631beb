-- The staff customer page shows the contact's HubSpot company, notes, tasks, calls and meetings,
-- pulled into the mirror by the worker.
ALTER TABLE "contact" ADD COLUMN "company_hubspot_id" TEXT;

CREATE TABLE "company" (
    "id" TEXT NOT NULL,
    "hubspot_id" TEXT NOT NULL,
    "name" TEXT,
    "domain" TEXT,
    "industry" TEXT,
    "lifecycle_stage" TEXT,
    "hubspot_created_at" TIMESTAMPTZ(3),
    "hubspot_updated_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "company_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "company_hubspot_id_key" ON "company"("hubspot_id");

CREATE TYPE "crm_activity_kind" AS ENUM ('note', 'task', 'call', 'meeting');

CREATE TABLE "crm_activity" (
    "id" TEXT NOT NULL,
    "kind" "crm_activity_kind" NOT NULL,
    "hubspot_id" TEXT NOT NULL,
    "title" TEXT,
    "body" TEXT,
    "status" TEXT,
    "priority" TEXT,
    "occurs_at" TIMESTAMPTZ(3),
    "owner_hubspot_id" TEXT,
    "contact_hubspot_ids" TEXT[],
    "company_hubspot_ids" TEXT[],
    "hubspot_updated_at" TIMESTAMPTZ(3) NOT NULL,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "crm_activity_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "crm_activity_kind_hubspot_id_key" ON "crm_activity"("kind", "hubspot_id");
CREATE INDEX "crm_activity_contact_hubspot_ids_idx" ON "crm_activity" USING GIN ("contact_hubspot_ids");
CREATE INDEX "crm_activity_company_hubspot_ids_idx" ON "crm_activity" USING GIN ("company_hubspot_ids");
