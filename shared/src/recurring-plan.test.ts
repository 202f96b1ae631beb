import { describe, expect, it } from 'vitest';
import { STAGE } from './deal-stages';
import { describePlanRule, describeStoredPlanRule, planCentsWithAddOns, planSourceOf, planStartOf, type PlanSourceDeal } from './recurring-plan';

/** Tuesday, December 1, 2026, 10 AM Eastern. */
const FIRST_VISIT = new Date('2026-12-01T15:00:00Z');
const deal = (over: Partial<PlanSourceDeal> = {}): PlanSourceDeal => ({
  planId: null,
  stageId: STAGE.CLEANING_SCHEDULED,
  scheduledAt: FIRST_VISIT,
  ownerId: 'owner-1',
  serviceType: 'Recurring Clean',
  visitType: 'basic',
  squareFootage: 1500,
  skus: ['recurring-basic-1500', 'addon-oven'],
  ...over,
});

describe('a plan from its first visit', () => {
  it('takes the Eastern day, weekday and wall-clock time of the start', () => {
    expect(planStartOf(FIRST_VISIT)).toEqual({ startDate: '2026-12-01', weekday: 2, startTime: '10:00' });
    // 11:30 PM Eastern is the next day in UTC.
    expect(planStartOf(new Date('2026-12-02T04:30:00Z'))).toEqual({ startDate: '2026-12-01', weekday: 2, startTime: '23:30' });
  });

  it('is one rule for the offer and the refusal: a scheduled Recurring Clean with a product for its size', () => {
    expect(planSourceOf(deal())).toMatchObject({ refusal: null, service: { id: 'recurring-basic-1500' }, addOns: ['addon-oven'], start: { weekday: 2 } });
    expect(planSourceOf(deal({ planId: 'plan-1' })).refusal).toBe('plan_exists');
    expect(planSourceOf(deal({ ownerId: null })).refusal).toBe('not_scheduled');
    expect(planSourceOf(deal({ stageId: STAGE.SCHEDULING_IN_PROGRESS })).refusal).toBe('not_scheduled');
    expect(planSourceOf(deal({ serviceType: 'Deep Clean', visitType: null })).refusal).toBe('not_recurring');
    // A basic recurring visit has no product above 2000 sq ft; a deep one does.
    expect(planSourceOf(deal({ squareFootage: 2001 })).refusal).toBe('not_recurring');
    expect(planSourceOf(deal({ squareFootage: 2001, visitType: 'deep', skus: ['recurring-deep-2001'] })).refusal).toBeNull();
  });

  it('words the rule the same from a stored row as from the rule itself', () => {
    expect(describeStoredPlanRule({ frequency: 'monthly_nth_weekday', weekday: 5, startTime: '14:30', nth: -1 })).toBe('The last Friday of each month at 2:30 PM');
    expect(describeStoredPlanRule({ frequency: 'weekly', weekday: 0, startTime: '09:00', nth: null })).toBe(describePlanRule({ frequency: 'weekly', weekday: 0, startTime: '09:00' }));
    expect(describePlanRule({ frequency: 'every_2_weeks', weekday: 6, startTime: '12:00' })).toBe('Every 2 weeks on Saturday at 12:00 PM');
  });

  it('reprices a visit for other every-visit add-ons: at catalogue prices, or by their difference for a quoted size', () => {
    const basic = { serviceType: 'Recurring Clean', squareFootage: 1500, visitType: 'basic', skus: ['recurring-basic-1500', 'addon-oven'], amountCents: 25_900 };
    // $179.00 a visit, with the microwave $25.00.
    expect(planCentsWithAddOns(basic, ['addon-microwave'])).toBe(20_400);
    expect(planCentsWithAddOns(basic, [])).toBe(17_900);
    // Quoted at $320.00 with the oven ($80.00): the microwave instead makes it $265.00.
    const quoted = { serviceType: 'Recurring Clean', squareFootage: 2001, visitType: 'deep', skus: ['recurring-deep-2001', 'addon-oven'], amountCents: 32_000 };
    expect(planCentsWithAddOns(quoted, ['addon-microwave'])).toBe(26_500);
  });
});
