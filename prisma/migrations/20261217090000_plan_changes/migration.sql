-- Changing a recurring plan's rule for this and every later visit (docs/recurring-plans.md).
-- The rule's new start: from it the visits follow the changed rule; the visits before it, and the
-- first visit's own add-ons, stay as the plan was made.
ALTER TABLE "recurring_plan" ADD COLUMN "rule_from" DATE;
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_rule_from" CHECK ("rule_from" IS NULL OR "rule_from" >= "start_date");

-- A visit the plan itself canceled (a pause, an end, fewer visits after a change) is marked so, to
-- be restored if the plan comes back to its date.
ALTER TABLE "deal" DROP CONSTRAINT "deal_plan_flag";
ALTER TABLE "deal" ADD CONSTRAINT "deal_plan_flag" CHECK ("plan_flag" IS NULL OR "plan_flag" IN ('closed_day', 'plan_canceled'));

-- The plan's own command on a visit: it changes the visit as the plan now says, without detaching it.
ALTER TABLE "deal_command" DROP CONSTRAINT "deal_command_kind_check";
ALTER TABLE "deal_command" ADD CONSTRAINT "deal_command_kind_check"
    CHECK ("kind" IN ('move', 'schedule', 'close-out', 'quote', 'request-answer', 'plan'));
