-- Hand-written. Every accepted request for a login code leaves a row in otp_challenge, also when
-- it is refused (not yet eligible, suspended): the per-IP sending limit counts those too, so the
-- login form cannot be used to probe e-mail and phone pairs faster than codes can be asked for.
-- A refused request has no code: code_hmac is empty exactly when refusal says why.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

ALTER TABLE "otp_challenge" ALTER COLUMN "code_hmac" DROP NOT NULL;
ALTER TABLE "otp_challenge" ADD COLUMN "refusal" TEXT;
ALTER TABLE "otp_challenge" ADD CONSTRAINT "otp_challenge_code_or_refusal" CHECK (("code_hmac" IS NULL) <> ("refusal" IS NULL));
