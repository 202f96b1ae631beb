-- The staff customer page lists the texts sent to a customer's phone, newest first.
CREATE INDEX "sms_message_to_phone_created_at_idx" ON "sms_message"("to_phone", "created_at");
