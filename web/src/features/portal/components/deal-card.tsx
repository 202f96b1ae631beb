import { CANCEL_BUTTON, CHANGE_BUTTON, NOT_CONFIRMED } from '@app/shared/texts';
import { useId } from 'react';
import { NOT_SCHEDULED, type DealView } from './deal-view';

export type ManageAction = 'change' | 'cancel';

interface DealCardProps {
  deal: DealView;
  /** Upcoming deals have Change and Cancel; the history has none. */
  onManage?: (dealId: string, action: ManageAction) => void;
}

/** One cleaning: service, status, date (Eastern), invoice, and for upcoming ones Change/Cancel. */
export function DealCard({ deal, onManage }: DealCardProps) {
  const id = useId();
  const { manage, invoice } = deal;
  const why = manage.message ? `${id}-why` : undefined;
  return (
    <article className="deal-card card" aria-labelledby={`${id}-title`} data-deal-id={deal.id}>
      <header className="deal-card__head">
        <h3 id={`${id}-title`}>{deal.title}</h3>
        <p className="deal-card__status">
          <span className="tag" data-status="">
            {deal.statusLabel}
          </span>
          {deal.notConfirmed ? <span className="tag tag--muted">{NOT_CONFIRMED}</span> : null}
        </p>
      </header>
      <dl className="deal-card__facts">
        <div>
          <dt>Scheduled</dt>
          <dd data-scheduled="">
            {deal.scheduled ? (
              <>
                {deal.scheduled} <abbr title="Eastern Time">ET</abbr>
              </>
            ) : (
              NOT_SCHEDULED
            )}
          </dd>
        </div>
        <div>
          <dt>Invoice</dt>
          <dd data-invoice="">
            {invoice ? (
              <>
                {[invoice.number, invoice.amount, invoice.statusLabel].filter(Boolean).join(' · ')}
                {invoice.link ? (
                  <>
                    {' '}
                    <a href={invoice.link} target="_blank" rel="noreferrer">
                      View invoice
                    </a>
                  </>
                ) : null}
                {invoice.pdfLink ? (
                  <>
                    {' '}
                    <a href={invoice.pdfLink} target="_blank" rel="noreferrer">
                      PDF
                    </a>
                  </>
                ) : null}
              </>
            ) : (
              'No invoice yet'
            )}
          </dd>
        </div>
      </dl>
      {onManage ? (
        <div className="deal-card__manage">
          <div className="actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={manage.disabled}
              aria-describedby={why}
              onClick={() => onManage(deal.id, 'change')}
            >
              {CHANGE_BUTTON}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={manage.disabled}
              aria-describedby={why}
              onClick={() => onManage(deal.id, 'cancel')}
            >
              {CANCEL_BUTTON}
            </button>
          </div>
          {manage.message ? (
            <p id={why} className="deal-card__notice" data-manage-message="">
              {manage.message}
            </p>
          ) : null}
          {manage.note ? (
            <p className="fine-print" data-manage-note="">
              {manage.note}
            </p>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
