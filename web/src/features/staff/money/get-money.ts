import { monthMoneyViewSchema, type MonthMoneyView } from '@app/shared/month-money';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const MONEY_PATH = '/api/internal/admin/money';

/** The CSV of a month's invoices (a download the browser makes itself). */
export const moneyCsvPath = (month: string) => `${MONEY_PATH}.csv?month=${encodeURIComponent(month)}`;

/** GET /api/internal/admin/money?month=: the month's figures, from the mirror's invoice ledger. */
export function useMonthMoney(month: string) {
  return useQuery({
    queryKey: ['staff', 'money', month],
    queryFn: ({ signal }): Promise<MonthMoneyView> => api.get(`${MONEY_PATH}?month=${encodeURIComponent(month)}`, monthMoneyViewSchema, { signal }),
  });
}
