-- Hand-written. The HubSpot account check, and bookings HubSpot refused for good.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- One row: the last check of the account against what the product needs, with the stage map.
CREATE TABLE "crm_account_status" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "ready" BOOLEAN NOT NULL,
    "problems" JSONB NOT NULL DEFAULT '[]',
    "stage_map" JSONB,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "crm_account_status_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "crm_account_status_single_row" CHECK ("id" = 1)
);

-- A booking HubSpot refused with a reason retrying cannot fix stays out of other bookings' batches.
ALTER TABLE "deal" ADD COLUMN "crm_push_failed_at" TIMESTAMPTZ(3);
