import { easternToday, formatCalendarDay } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import { formatMonth, monthSchema, OWED_AGES, shiftMonth, type MoneyTotal, type MonthMoneyView } from '@app/shared/month-money';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { Link, useSearchParams } from 'react-router';
import { customerPath } from '../common/board-format';
import { ToolPage } from '../frame/tool-page';
import { moneyCsvPath, useMonthMoney } from './get-money';
import '../common/staff-board.css';
import './money.css';

const invoices = (n: number) => (n === 1 ? '1 invoice' : `${n} invoices`);
const monthPath = (month: string) => `${CLIENT_ROUTES.adminMoney}?month=${month}`;

function Figure({ label, total, note }: { label: string; total: MoneyTotal; note?: string }) {
  return (
    <div className="money-figure">
      <dt>{label}</dt>
      <dd>
        <strong>{formatUsd(total.cents)}</strong> <span className="muted">{note ?? invoices(total.count)}</span>
      </dd>
    </div>
  );
}

function MonthFigures({ view }: { view: MonthMoneyView }) {
  const asOf = formatCalendarDay(view.asOf);
  return (
    <>
      <dl className="money-figures" aria-label="The month in figures">
        <Figure label="Invoiced" total={view.invoiced} />
        <Figure label="Paid" total={view.paid} note={view.paid.count === 1 ? '1 payment' : `${view.paid.count} payments`} />
        <Figure label={`Outstanding on ${asOf}`} total={view.outstanding} />
        <Figure label="Voided" total={view.voided} />
      </dl>

      <section className="board-section" aria-labelledby="money-ages">
        <h2 id="money-ages">Outstanding by age</h2>
        <table className="admin-table">
          <caption>Unpaid on {asOf}, by days since the invoice date</caption>
          <thead>
            <tr>
              <th scope="col">Owed for</th>
              <th scope="col">Invoices</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {OWED_AGES.map((age) => (
              <tr key={age.key}>
                <th scope="row">{age.label}</th>
                <td data-label="Invoices">{view.outstanding.byAge[age.key].count}</td>
                <td data-label="Amount">{formatUsd(view.outstanding.byAge[age.key].cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="board-section" aria-labelledby="money-owing">
        <h2 id="money-owing">Who owes the most</h2>
        {view.topOwing.length === 0 ? (
          <p className="muted">Nobody owed anything on {asOf}.</p>
        ) : (
          <table className="admin-table">
            <caption>Customers with unpaid invoices on {asOf}, the most first</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Invoices</th>
                <th scope="col">Owed</th>
                <th scope="col">Oldest</th>
              </tr>
            </thead>
            <tbody>
              {view.topOwing.map((customer) => (
                <tr key={customer.contactId}>
                  <th scope="row">
                    <Link to={customerPath(customer.contactId)}>{customer.name}</Link>
                  </th>
                  <td data-label="Invoices">{customer.count}</td>
                  <td data-label="Owed">{formatUsd(customer.cents)}</td>
                  <td data-label="Oldest">{customer.oldestDays === 1 ? '1 day' : `${customer.oldestDays} days`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="board-section" aria-labelledby="money-tips">
        <h2 id="money-tips">Tips per cleaner</h2>
        {view.tips.length === 0 ? (
          <p className="muted">No tips paid in {formatMonth(view.month)}.</p>
        ) : (
          <table className="admin-table">
            <caption>Tips customers paid in {formatMonth(view.month)}, for the cleaner of the visit</caption>
            <thead>
              <tr>
                <th scope="col">Cleaner</th>
                <th scope="col">Tips</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {view.tips.map((tip) => (
                <tr key={tip.ownerId ?? 'none'}>
                  <th scope="row">{tip.cleaner}</th>
                  <td data-label="Tips">{tip.count}</td>
                  <td data-label="Amount">{formatUsd(tip.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function Month({ month }: { month: string }) {
  const money = useMonthMoney(month);
  const thisMonth = easternToday().slice(0, 7);
  return (
    <>
      <nav className="money-months" aria-label="Months">
        <Link to={monthPath(shiftMonth(month, -1))}>← {formatMonth(shiftMonth(month, -1))}</Link>
        <h2 className="money-months__current">{formatMonth(month)}</h2>
        {month < thisMonth ? <Link to={monthPath(shiftMonth(month, 1))}>{formatMonth(shiftMonth(month, 1))} →</Link> : <span />}
        <a className="money-months__csv" href={moneyCsvPath(month)} download>
          Download the month&apos;s invoices (CSV)
        </a>
      </nav>
      {money.isPending ? <p className="page-loading">Loading the month…</p> : null}
      {money.isError ? <p className="alert">The month could not be loaded just now. Reload the page to try again.</p> : null}
      {money.data ? <MonthFigures view={money.data} /> : null}
    </>
  );
}

/** /admin/money?month=2026-12: the month's money (docs/payments.md#the-months-money), this month without one. */
export function MoneyPage() {
  const [params] = useSearchParams();
  const asked = monthSchema.safeParse(params.get('month') ?? '');
  const month = asked.success ? asked.data : easternToday().slice(0, 7);
  return (
    <ToolPage title="Money" lead="What was invoiced, paid and voided in a month, what is still owed and for how long, and the tips each cleaner was given. From the invoices HubSpot holds, as last read.">
      <Month month={month} />
    </ToolPage>
  );
}
