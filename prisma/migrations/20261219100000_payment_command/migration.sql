-- The move a paid invoice makes of its deal (docs/payments.md): from Invoice Payment Needed to
-- Scheduling In Progress, written by the worker's mirror when it sees the invoice paid.
ALTER TABLE "deal_command" DROP CONSTRAINT "deal_command_kind_check";
ALTER TABLE "deal_command" ADD CONSTRAINT "deal_command_kind_check"
    CHECK ("kind" IN ('move', 'schedule', 'close-out', 'quote', 'request-answer', 'plan', 'payment'));
