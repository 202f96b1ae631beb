-- The customer's answer to the office's quote (issue 34): approve or decline, from the portal.
-- Written with its outbox event (crm.apply-quote-answer), which moves the HubSpot deal on
-- (approved: Invoice Payment Needed, declined: Quote Canceled) while it still awaits approval.
-- One answer per quote: the unique quote_command_id refuses a second.

CREATE TABLE "quote_answer" (
    "id" UUID NOT NULL,
    "deal_id" TEXT NOT NULL,
    "quote_command_id" UUID NOT NULL,
    "contact_id" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "reason" TEXT,
    "status" "deal_command_status" NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "note_hubspot_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),
    CONSTRAINT "quote_answer_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "quote_answer_answer_check" CHECK ("answer" IN ('approved', 'declined')),
    CONSTRAINT "quote_answer_status_check" CHECK ("status" <> 'conflict'),
    CONSTRAINT "quote_answer_reason_length" CHECK (char_length("reason") <= 500),
    CONSTRAINT "quote_answer_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "quote_answer_quote_command_id_fkey" FOREIGN KEY ("quote_command_id") REFERENCES "deal_command"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "quote_answer_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX "quote_answer_quote_command_id_key" ON "quote_answer"("quote_command_id");
CREATE INDEX "quote_answer_deal_id_created_at_idx" ON "quote_answer"("deal_id", "created_at");
CREATE INDEX "quote_answer_contact_id_idx" ON "quote_answer"("contact_id");
