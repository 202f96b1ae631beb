-- Staff commands on deals (issue: the office works here). Each is written with its outbox
-- event, applied to HubSpot by the worker only if HubSpot has not changed the deal since the
-- staff member looked, and kept as the record of who did what and when.

CREATE TYPE "deal_command_status" AS ENUM ('pending', 'applied', 'conflict', 'failed');

CREATE TABLE "deal_command" (
    "id" UUID NOT NULL,
    "deal_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "changes" JSONB NOT NULL,
    "seen" JSONB NOT NULL,
    "seen_modified_at" TIMESTAMPTZ(3),
    "reason" TEXT,
    "staff_email" TEXT NOT NULL,
    "status" "deal_command_status" NOT NULL DEFAULT 'pending',
    "conflict" JSONB,
    "error" TEXT,
    "note_hubspot_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),
    CONSTRAINT "deal_command_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deal_command_kind_check" CHECK ("kind" IN ('move')),
    CONSTRAINT "deal_command_reason_length" CHECK (char_length("reason") <= 500),
    CONSTRAINT "deal_command_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "deal_command_deal_id_created_at_idx" ON "deal_command"("deal_id", "created_at");

-- One command at a time per deal: a second one waits until HubSpot has the first (the api
-- answers 409), so commands reach HubSpot in the order staff made them.
CREATE UNIQUE INDEX "deal_command_one_pending" ON "deal_command"("deal_id") WHERE "status" = 'pending';
