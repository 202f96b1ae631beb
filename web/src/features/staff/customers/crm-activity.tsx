import { optionWords } from '@app/shared/customer-context';
import { easternFromIso } from '../common/format-eastern';

/** A note, task, call or meeting staff logged in HubSpot, as the api answers it (api/src/modules/staff/customers/crm-context.ts). */
export interface CrmActivity {
  id: string;
  kind: 'note' | 'task' | 'call' | 'meeting';
  title: string | null;
  body: string | null;
  status: string | null;
  priority: string | null;
  at: string | null;
  owner: string | null;
}

const KIND_LABELS: Readonly<Record<CrmActivity['kind'], string>> = { note: 'Note', task: 'Task', call: 'Call', meeting: 'Meeting' };

/** Records of the api's lists that are HubSpot activities (the lists also hold the portal's own requests). */
export function isCrmActivity(r: Record<string, unknown>): r is Record<string, unknown> & CrmActivity {
  return typeof r.kind === 'string' && r.kind in KIND_LABELS && typeof r.id === 'string';
}

/** A task not done whose due time has passed. */
export function isOverdue(task: CrmActivity, now: Date): boolean {
  return task.kind === 'task' && task.status !== 'COMPLETED' && task.at !== null && new Date(task.at) < now;
}

/** One activity: what, when, its state and who owns it, then its text. */
export function CrmActivityItem({ activity, now }: { activity: CrmActivity; now: Date }) {
  const overdue = isOverdue(activity, now);
  const when = activity.at ? `${activity.kind === 'task' ? 'due ' : ''}${easternFromIso(activity.at)}` : null;
  const state = [optionWords(activity.status), activity.priority && activity.priority !== 'NONE' ? `${optionWords(activity.priority)} priority` : null];
  const meta = [when, ...state, activity.owner ? `owner ${activity.owner}` : null].filter(Boolean).join(' · ');
  const heading = activity.kind === 'note' ? KIND_LABELS.note : `${KIND_LABELS[activity.kind]}: ${activity.title ?? 'untitled'}`;
  return (
    <li className="crm-activity" data-kind={activity.kind} data-done={activity.status === 'COMPLETED' || undefined}>
      <span className="crm-activity__head">
        <strong>{heading}</strong>
        {overdue ? <span className="crm-activity__overdue"> Overdue</span> : null}
      </span>
      {meta ? <span className="crm-activity__meta"> {meta}</span> : null}
      {activity.body ? <p className="crm-activity__body">{activity.body}</p> : null}
    </li>
  );
}
