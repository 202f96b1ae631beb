import { findProduct } from '@app/shared/catalogue';
import { dealStageLabel, STAGE } from '@app/shared/deal-stages';
import { easternToday, formatCalendarDay, formatEasternShort } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import type { PlanView, PlanVisitView } from '@app/shared/recurring-plan';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { Link } from 'react-router';
import { cleaningPath, customerPath } from '../common/board-format';
import { useOwners } from '../common/get-owners';
import { usePlan } from './change-plan';
import { PlanChanges } from './plan-changes';
import { planStatusText } from './plan-status';

/** Why a visit is not simply the plan's: changed on its own, on a closed day, or canceled by the plan. */
function visitMark(v: PlanVisitView, planOwnerId: string | null): string | null {
  const marks = [
    v.detached ? 'changed on its own' : null,
    v.flag === 'closed_day' ? 'on a closed day' : null,
    v.flag === 'plan_canceled' && v.stageId === STAGE.CANCELED ? 'canceled by the plan' : null,
    v.ownerId !== null && v.ownerId !== planOwnerId && v.stageId !== STAGE.CANCELED ? 'another cleaner' : null,
  ].filter(Boolean);
  return marks.length > 0 ? marks.join(', ') : null;
}

/** The calendar on the week of a visit (its Eastern day). */
const calendarWeekPath = (scheduledAt: string) => `${CLIENT_ROUTES.adminScheduledSnapshot}?date=${easternToday(new Date(scheduledAt))}`;

/** The plan's every-visit add-ons in words. */
const addOnsText = (addOns: readonly string[]) => (addOns.length === 0 ? 'no add-ons' : addOns.map((sku) => findProduct(sku)?.name ?? sku).join(', '));

function Visits({ plan }: { plan: PlanView }) {
  const owners = useOwners();
  const name = (id: string | null) => (id === null ? 'No cleaner' : (owners.data?.find((o) => o.id === id)?.name ?? '—'));
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <caption>The plan&apos;s visits (Eastern Time)</caption>
        <thead>
          <tr>
            <th scope="col">Visit</th>
            <th scope="col">Cleaner</th>
            <th scope="col">Stage</th>
            <th scope="col">Note</th>
            <th scope="col">Calendar</th>
          </tr>
        </thead>
        <tbody>
          {plan.visits.map((v) => (
            <tr key={v.dealId}>
              <th scope="row">
                <Link to={cleaningPath(v.dealId)}>{v.scheduledAt ? formatEasternShort(new Date(v.scheduledAt)) : formatCalendarDay(v.occurrence)}</Link>
              </th>
              <td data-label="Cleaner">{name(v.ownerId)}</td>
              <td data-label="Stage">{dealStageLabel(v.stageId) ?? v.stageId}</td>
              <td data-label="Note">{visitMark(v, plan.ownerId) ?? ''}</td>
              <td data-label="Calendar">
                {v.scheduledAt ? (
                  <Link to={calendarWeekPath(v.scheduledAt)} aria-label={`Its week on the calendar: ${formatEasternShort(new Date(v.scheduledAt))}`}>
                    Its week
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/plans?id=: one plan, its visits, and the office's changes of it. */
export function PlanDetail({ planId }: { planId: string }) {
  const plan = usePlan(planId);
  if (plan.isPending) return <p className="page-loading">Loading the plan…</p>;
  if (plan.isError) return <p className="alert">The plan could not be loaded just now. Reload the page to try again.</p>;
  const p = plan.data;
  return (
    <>
      <p>
        <Link to={CLIENT_ROUTES.adminPlans}>All plans</Link>
      </p>
      <h2>
        <Link to={customerPath(p.contactId)}>{p.customerName}</Link>: {p.rule}
      </h2>
      <p>
        {p.ownerName ?? 'No cleaner'} · {formatUsd(p.amountCents)} a visit with {addOnsText(p.addOns)}, about {formatUsd(p.monthlyCents)} a month · {planStatusText(p)}
        {p.pauses.length > 0 ? ` · paused ${p.pauses.map((x) => `${formatCalendarDay(x.from)} to ${formatCalendarDay(x.to)}`).join(', ')}` : ''}
      </p>
      <PlanChanges plan={p} />
      <Visits plan={p} />
    </>
  );
}
