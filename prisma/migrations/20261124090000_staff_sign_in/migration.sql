-- Hand-written. Staff sign-in with OpenID Connect.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- A sign-in that was started but not finished: the state, nonce and PKCE verifier of one
-- authorization request, kept on the server (the browser holds only this row's id in a signed
-- cookie) and used at most once by the callback. Rows live for minutes.
CREATE TABLE "staff_login_attempt" (
    "id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "code_verifier" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "staff_login_attempt_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "staff_login_attempt_expires_at_idx" ON "staff_login_attempt"("expires_at");

-- The handle the staff session manager shows and revokes by: never the session id itself,
-- which is what the cookie carries.
ALTER TABLE "session" ADD COLUMN "public_id" UUID NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX "session_public_id_key" ON "session"("public_id");
-- The session manager lists live sessions of one kind.
CREATE INDEX "session_kind_expires_at_idx" ON "session"("kind", "expires_at");
