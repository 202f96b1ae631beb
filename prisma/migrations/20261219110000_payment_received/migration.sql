-- The customer's receipt when a cleaning's invoice is paid (docs/payments.md), on their channels.
ALTER TYPE "notice_kind" ADD VALUE 'payment_received' AFTER 'invoice_ready';
ALTER TYPE "sms_purpose" ADD VALUE 'payment_received' AFTER 'invoice_ready';
