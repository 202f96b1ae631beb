import Router from '@koa/router';
import { easternToday } from '@app/shared/eastern-time';
import { MONTH_INVALID, monthSchema, type MonthMoneyView } from '@app/shared/month-money';
import { errors } from '../../../errors';
import type { ModuleDeps } from '../../registry';
import { monthCsv, monthCsvName } from './month-csv';
import { monthBounds, summarizeMonth, type MonthBounds } from './month-summary';
import { createSharedComputation, type SharedComputation } from '../today/board-cache';
import { moneyDataVersion, readMonthLedger } from './repository';

export const MONEY_PATH = '/api/internal/admin/money';
/** Months whose figures are kept, each in its latest version (the office looks at a few at a time). */
const KEPT_MONTHS = 24;

/**
 * The month's money (docs/payments.md#the-months-money), from the mirror's invoice ledger:
 * `?month=2026-12` (this month, Eastern, without it); its invoices as CSV at `.csv`.
 */
export function moneyRoutes(deps: Pick<ModuleDeps, 'db' | 'now'>): Router {
  const router = new Router();
  // Every staff member asking for a month while its data has not changed shares one computation.
  const months = new Map<string, SharedComputation<MonthMoneyView>>();
  const figures = async (bounds: MonthBounds): Promise<MonthMoneyView> => {
    const key = `${bounds.month}/${bounds.asOfDay}`;
    let kept = months.get(key);
    if (!kept) {
      kept = createSharedComputation<MonthMoneyView>();
      months.set(key, kept);
      if (months.size > KEPT_MONTHS) months.delete(months.keys().next().value!);
    }
    const version = await moneyDataVersion(deps.db);
    return kept.get(version, async () => summarizeMonth(await readMonthLedger(deps.db, bounds), bounds));
  };

  const boundsOf = (query: unknown): MonthBounds => {
    const now = deps.now();
    if (query === undefined || query === '') return monthBounds(easternToday(now).slice(0, 7), now);
    const month = monthSchema.safeParse(query);
    if (!month.success) throw errors.validation('month', MONTH_INVALID);
    return monthBounds(month.data, now);
  };

  router.get(MONEY_PATH, async (ctx) => {
    const bounds = boundsOf(ctx.query.month);
    ctx.body = await figures(bounds);
  });

  router.get(`${MONEY_PATH}.csv`, async (ctx) => {
    const bounds = boundsOf(ctx.query.month);
    ctx.set('Content-Disposition', `attachment; filename="${monthCsvName(bounds.month)}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = monthCsv(await readMonthLedger(deps.db, bounds), bounds);
  });

  return router;
}
