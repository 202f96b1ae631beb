import { formatEasternShort } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import type { PlanView } from '@app/shared/recurring-plan';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { Link, useSearchParams } from 'react-router';
import { cleaningPath, customerPath } from '../common/board-format';
import { ToolPage } from '../frame/tool-page';
import { usePlans } from './get-plans';
import { PlanDetail } from './plan-detail';
import { planStatusText } from './plan-status';
import '../common/staff-board.css';

function PlanRow({ plan }: { plan: PlanView }) {
  const next = plan.nextVisit;
  return (
    <tr>
      <th scope="row">
        <Link to={customerPath(plan.contactId)}>{plan.customerName}</Link>
      </th>
      <td data-label="How often">
        <Link to={`${CLIENT_ROUTES.adminPlans}?id=${encodeURIComponent(plan.id)}`}>{plan.rule}</Link>
      </td>
      <td data-label="Cleaner">{plan.ownerName ?? <span className="muted">No cleaner</span>}</td>
      <td data-label="Next visit">
        {next?.scheduledAt ? <Link to={cleaningPath(next.dealId)}>{formatEasternShort(new Date(next.scheduledAt))}</Link> : <span className="muted">None ahead</span>}
        {next && next.ownerId !== plan.ownerId ? <span className="muted"> · another cleaner</span> : null}
        {next?.flag === 'closed_day' ? <span className="muted"> · on a closed day</span> : null}
      </td>
      <td data-label="Per visit">{formatUsd(plan.amountCents)}</td>
      <td data-label="Per month">{formatUsd(plan.monthlyCents)}</td>
      <td data-label="Status">{planStatusText(plan)}</td>
    </tr>
  );
}

function Plans() {
  const plans = usePlans();
  if (plans.isPending) return <p className="page-loading">Loading the plans…</p>;
  if (plans.isError) return <p className="alert">The plans could not be loaded just now. Reload the page to try again.</p>;
  if (plans.data.length === 0) return <p>No recurring plans yet. Make one from a scheduled Recurring Clean&apos;s page.</p>;
  const active = plans.data.filter((p) => p.status === 'active');
  const monthly = active.reduce((sum, p) => sum + (p.pausedNow ? 0 : p.monthlyCents), 0);
  return (
    <>
      <p>
        {active.length === 1 ? '1 active plan' : `${active.length} active plans`}, about {formatUsd(monthly)} a month.
      </p>
      <div className="table-scroll">
        <table className="admin-table">
          <caption>Recurring plans, active first (Eastern Time)</caption>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">How often</th>
              <th scope="col">Cleaner</th>
              <th scope="col">Next visit</th>
              <th scope="col">Per visit</th>
              <th scope="col">Per month</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {plans.data.map((plan) => (
              <PlanRow key={plan.id} plan={plan} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** /admin/plans: recurring customers' plans (docs/recurring-plans.md), each with its next visit and what it brings a month. */
export function PlansPage() {
  const [params] = useSearchParams();
  const planId = params.get('id');
  return (
    <ToolPage title="Plans" lead="Recurring customers and their plans. Each plan's visits are made weeks ahead, as cleanings of their own.">
      {planId ? <PlanDetail planId={planId} /> : <Plans />}
    </ToolPage>
  );
}
