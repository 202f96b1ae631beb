-- Login abuse limits (docs/login-security.md): wrong codes in a row lock the account with growing
-- delays, and every wrong code is counted for the 30-day cap.
ALTER TABLE "contact"
  ADD COLUMN "login_failed_streak" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "login_locked_until" TIMESTAMPTZ(3);

CREATE TABLE "login_failure" (
  "id" BIGSERIAL PRIMARY KEY,
  "contact_id" TEXT NOT NULL REFERENCES "contact"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "failed_at" TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "login_failure_contact_id_failed_at_idx" ON "login_failure" ("contact_id", "failed_at");
CREATE INDEX "login_failure_failed_at_idx" ON "login_failure" ("failed_at");

-- Login codes are no longer written into their text message events. Events already sent lose theirs.
UPDATE "outbox_event"
SET payload = (payload - 'body') || jsonb_build_object('body', '[login code removed]')
WHERE aggregate_type = 'otp_challenge' AND status = 'dispatched' AND payload ? 'body';
