-- Reminders of an invoice still unpaid past its due date (docs/payments.md), on the customer's channels.
ALTER TYPE "notice_kind" ADD VALUE 'invoice_reminder' AFTER 'invoice_ready';
ALTER TYPE "sms_purpose" ADD VALUE 'invoice_reminder' AFTER 'invoice_ready';
