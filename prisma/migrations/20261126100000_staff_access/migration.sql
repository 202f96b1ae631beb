-- A staff member an admin disabled: their sessions end at once and they cannot sign in again.
ALTER TABLE "staff_user" ADD COLUMN "disabled_at" TIMESTAMPTZ(3);
