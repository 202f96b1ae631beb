-- The customer's notice that the office made their recurring plan (docs/recurring-plans.md):
-- once for the series, on their channels, as a cleaning's confirmation is.
ALTER TYPE "notice_kind" ADD VALUE 'plan_confirmed' AFTER 'cleaning_confirmed';
ALTER TYPE "sms_purpose" ADD VALUE 'plan_confirmed' AFTER 'cleaning_confirmed';
