-- The office's other actions on a deal are commands too (docs/staff-actions.md): scheduling
-- with a duration, closing out a cleaning, sending a quote and answering a customer's change
-- or cancel request. Each kind carries its own changes, checked by the api before it is written.

ALTER TABLE "deal_command" DROP CONSTRAINT "deal_command_kind_check";
ALTER TABLE "deal_command" ADD CONSTRAINT "deal_command_kind_check"
    CHECK ("kind" IN ('move', 'schedule', 'close-out', 'quote', 'request-answer'));
