import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CHECKLIST_GROUP_LABELS, CHECKLIST_GROUPS } from '@app/shared/cleaning-checklists';
import { formatEasternClock } from '@app/shared/eastern-time';
import { PHOTO_LABEL_TEXT, THUMBNAIL_RETENTION_DAYS } from '@app/shared/visit-photos';
import { visitReportPath, visitReportSchema, type VisitReport as Report } from '@app/shared/visit-report';
import { api } from '../../../lib/api-client';
import './visit-report.css';

/** GET /api/internal/admin/deals/:id/visit-report: the cleaner's checklist answers and photos (office staff only). */
export const visitReportQuery = (dealId: string) =>
  queryOptions({
    queryKey: ['staff', 'visit-report', dealId],
    queryFn: ({ signal }) => api.get(visitReportPath(dealId), visitReportSchema, { signal }),
    staleTime: 0,
  });

const ANSWER_TEXT = { ticked: 'Done', not_done: 'Not done', open: 'Not ticked yet' } as const;

function Answers({ report }: { report: Report }) {
  const ticked = report.items.filter((i) => i.answer === 'ticked').length;
  return (
    <>
      <p className="muted">
        {report.checklistState === 'done' ? 'Finished' : 'In progress'}: {ticked} of {report.items.length} ticked.
      </p>
      {CHECKLIST_GROUPS.map((group) => {
        const items = report.items.filter((i) => i.group === group);
        if (items.length === 0) return null;
        return (
          <div key={group}>
            <h3 className="visit-report__group">{CHECKLIST_GROUP_LABELS[group]}</h3>
            <ul className="visit-report__items">
              {items.map((item) => (
                <li key={item.id} className={`visit-report__item visit-report__item--${item.answer}`}>
                  <span>{item.label}</span>: <strong>{ANSWER_TEXT[item.answer]}</strong>
                  {item.reason ? <span> ({item.reason})</span> : null}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}

function Photos({ photos }: { photos: Report['photos'] }) {
  return (
    <>
      <ul className="visit-report__photos">
        {photos.map((photo, i) => {
          const name = `${photo.label ? `${PHOTO_LABEL_TEXT[photo.label]} photo` : `Photo ${i + 1}`}, ${formatEasternClock(new Date(photo.takenAt))}`;
          return (
            <li key={photo.id} className="visit-report__photo">
              {photo.thumbnailUrl ? (
                <a href={photo.thumbnailUrl} target="_blank" rel="noopener noreferrer">
                  <img src={photo.thumbnailUrl} alt={name} width={96} height={96} loading="lazy" />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                <span className="visit-report__no-copy">No small copy</span>
              )}
              <span className="visit-report__caption">{name}</span>
            </li>
          );
        })}
      </ul>
      <p className="muted">Small copies are kept here {THUMBNAIL_RETENTION_DAYS} days; the photos are on the deal in HubSpot.</p>
    </>
  );
}

/**
 * What the cleaner reported of this cleaning (docs/cleaner-day.md#what-the-office-sees): the
 * checklist's answers (the service's items, the add-ons, the rooms) and small thumbnails of the
 * photos. Nothing while the cleaner has not tapped anything nor taken a photo.
 */
export function VisitReport({ dealId }: { dealId: string }) {
  const id = useId();
  const report = useQuery(visitReportQuery(dealId));
  const data = report.data;
  if (report.isError) return <p className="muted">The cleaner's report could not be loaded just now.</p>;
  if (!data || (data.checklistState === 'none' && data.photos.length === 0)) return null;
  return (
    <section className="visit-report" aria-labelledby={`${id}-title`}>
      {/* h2: under the page's h1 or beside the panel's h2 title, so the levels never skip. */}
      <h2 id={`${id}-title`} className="visit-report__title">
        From the cleaner: {data.checklistLabel}
      </h2>
      {data.checklistState === 'none' ? null : <Answers report={data} />}
      {data.photos.length > 0 ? <Photos photos={data.photos} /> : null}
    </section>
  );
}
