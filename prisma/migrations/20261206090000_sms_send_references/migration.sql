-- An sms.send payload names its sms_message row and, for a customer notice, what it is about
-- besides its deal: { messageId, subject? } (runtime/outbox/events.ts). The worker reads the
-- number, the purpose, the login code's challenge and the deal from the row and writes the words
-- from our templates, so a job added by hand with a number and words of its own texts nobody.
-- Events still to be sent are rewritten to that shape: pending ones, and dispatched ones whose
-- message row is still queued (should their job be lost, they are dispatched again). Their old
-- keys go: to, body, loginCode (the row names the challenge, whose times give the code's minutes
-- and its deadline), notAfter, and the notice's kind and dealId (the row's purpose and deal).
-- Events without a messageId (written before texts had rows, or a bare body) cannot be expressed
-- as a reference and are left as they are: the worker refuses their payload and texts nobody.
-- A job already in the queue keeps the data it was added with: the new worker refuses an old
-- shape the same way, so the queue is best drained of sms jobs before this is deployed.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

UPDATE "outbox_event" e
SET "payload" = jsonb_strip_nulls(jsonb_build_object(
  'messageId', e."payload" -> 'messageId',
  'subject', NULLIF(jsonb_strip_nulls(jsonb_build_object(
    'scheduledAt', e."payload" -> 'notice' -> 'scheduledAt',
    'invoiceId', e."payload" -> 'notice' -> 'invoiceId',
    'ticketId', e."payload" -> 'notice' -> 'ticketId'
  )), '{}'::jsonb)
))
WHERE e."type" = 'sms.send'
  AND jsonb_typeof(e."payload" -> 'messageId') = 'string'
  AND EXISTS (SELECT 1 FROM jsonb_object_keys(e."payload") k WHERE k IN ('to', 'body', 'loginCode', 'notAfter', 'notice'))
  AND (
    e."status" = 'pending'
    OR EXISTS (SELECT 1 FROM "sms_message" m WHERE m."id" = e."payload" ->> 'messageId' AND m."status" = 'queued')
  );
