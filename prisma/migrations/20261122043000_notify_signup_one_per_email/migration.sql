-- Hand-written. One notify-me signup per e-mail: a person who signs up again (another zip or
-- interest) updates their row instead of adding one, which mirrors HubSpot, where the signup
-- lives on the one contact of that e-mail. The API writes it with INSERT ... ON CONFLICT (email).
-- NOTE: @prisma/adapter-pg splits a migration on every semicolon: none inside comments or strings.

-- Keep the newest signup of any e-mail that is already there twice (its choices are the latest).
DELETE FROM "notify_signup" AS older
USING "notify_signup" AS newer
WHERE older."email" = newer."email"
  AND (older."created_at", older."id") < (newer."created_at", newer."id");

-- The unique index serves every lookup by e-mail, so the (email, created_at) index goes.
DROP INDEX "notify_signup_email_created_at_idx";
CREATE UNIQUE INDEX "notify_signup_email_key" ON "notify_signup"("email");
