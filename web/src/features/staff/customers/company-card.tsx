import type { Company } from '@app/shared/entities';
import { Link } from 'react-router';
import { customerPath } from '../common/board-format';
import { CrmActivityItem, isCrmActivity } from './crm-activity';
import { ContextFacts } from './context-facts';
import { easternFromIso } from '../common/format-eastern';

type CompanyView = Company & { hubspotUrl?: unknown; people?: unknown };

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const peopleOf = (v: unknown): { id: string; name: string }[] =>
  Array.isArray(v) ? v.filter((p): p is { id: string; name: string } => typeof p?.id === 'string' && typeof p?.name === 'string') : [];

/** The customer's company (docs/product.md §3 Company): its facts, the people and cleanings we hold at it, and what staff logged on it. */
export function CompanyCard({ company, customerId, now }: { company: CompanyView; customerId: string; now: Date }) {
  const hubspotUrl = text(company.hubspotUrl);
  const others = peopleOf(company.people).filter((p) => p.id !== customerId);
  const logged = [...company.tasks, ...company.notes, ...company.activities].filter(isCrmActivity);
  const facts: Array<[string, string]> = [
    ['Domain', company.domain ?? '—'],
    ['Industry', company.industry],
    ['Lifecycle stage', company.lifecycle ?? '—'],
    ['In HubSpot since', company.createdAt ? easternFromIso(company.createdAt) : '—'],
  ];
  return (
    <section className="tool-section company-card" aria-labelledby="company-name">
      <h3 id="company-name">
        Company: {company.name}
        {hubspotUrl ? (
          <>
            {' '}
            <a className="company-card__link" href={hubspotUrl} target="_blank" rel="noreferrer">
              Open in HubSpot
            </a>
          </>
        ) : null}
      </h3>
      <ContextFacts facts={facts} />
      <h4>Other people there</h4>
      {others.length === 0 ? (
        <p className="muted">No one else from this company books with us.</p>
      ) : (
        <ul>
          {others.map((p) => (
            <li key={p.id}>
              <Link to={customerPath(p.id)}>{p.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <h4>Cleanings for the company</h4>
      {company.deals.length === 0 ? (
        <p className="muted">No cleanings.</p>
      ) : (
        <ul>
          {company.deals.map((d, i) => (
            <li key={text(d.id) ?? i}>
              {text(d.dealname) ?? 'Cleaning'} · {text(d.stageLabel) ?? ''} · {text(d.scheduledAt) ? easternFromIso(text(d.scheduledAt)) : 'Not scheduled'}
            </li>
          ))}
        </ul>
      )}
      <h4>Tasks, notes and upcoming activities</h4>
      {logged.length === 0 ? (
        <p className="muted">Nothing logged on the company.</p>
      ) : (
        <ul className="crm-activities">
          {logged.map((a) => (
            <CrmActivityItem key={a.id} activity={a} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
