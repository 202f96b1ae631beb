import { PORTAL_HISTORY_LIMIT } from '@app/shared/constants';
import { STAGE } from '@app/shared/deal-stages';
import type { Deal } from '@app/shared/entities';
import { cardIdInHash, CLIENT_ROUTES } from '@app/shared/routes';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { markSignedOut } from '../../../lib/session';
import { useDeals } from '../api/get-deals';
import { useDetails } from '../api/get-details';
import { useMe } from '../api/get-me';
import { useProfile } from '../api/get-profile';
import { useTickets } from '../api/get-tickets';
import { isUnauthorized } from '../api/logged-load';
import { useCardInHash } from '../hooks/use-card-in-hash';
import { useNow } from '../hooks/use-now';
import { AttentionStrip } from './attention-strip';
import { CustomerDetailsCard } from './customer-details';
import { DealCard, SkipAnswer, type ManageAction } from './deal-card';
import { DealQuote } from './deal-quote';
import { HomeProfileSection } from './home-profile-section';
import { ReachSection } from './reach-section';
import { dealView, type DealView } from './deal-view';
import { ManageBookingModal } from './manage-booking-modal';
import { RecleanClaimModal } from './reclean-claim-modal';
import { ScheduleModal } from './schedule-modal';
import '../../../components/form/forms.css';
import '../portal.css';

const NO_DEALS: readonly Deal[] = [];
const QUOTE_STAGES: ReadonlySet<string> = new Set([STAGE.AWAITING_QUOTE_APPROVAL, STAGE.INVOICE_PAYMENT_NEEDED]);

interface DealSectionProps {
  title: string;
  deals: DealView[];
  empty: string;
  onManage?: (id: string, action: ManageAction) => void;
  onBookAgain?: (deal: DealView) => void;
  onReclean?: (deal: DealView) => void;
  /** The deals awaiting the customer's answer to a quote: their cards show it. */
  quoted?: ReadonlySet<string>;
}

function DealSection({ title, deals, empty, onManage, onBookAgain, onReclean, quoted }: DealSectionProps) {
  const headingId = `portal-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="portal-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {deals.length === 0 ? (
        <p className="fine-print">{empty}</p>
      ) : (
        <div className="deal-list">
          {deals.map((deal) => (
            <DealCard key={deal.id} deal={deal} {...(onManage ? { onManage } : {})} {...(onBookAgain ? { onBookAgain } : {})} {...(onReclean ? { onReclean } : {})}>
              {quoted?.has(deal.id) ? <DealQuote dealId={deal.id} awaiting={deal.stageId === STAGE.AWAITING_QUOTE_APPROVAL} /> : null}
            </DealCard>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The signed-in customer's dashboard. The session is checked first (no session → /login, §8); then
 * details, profile, deals and tickets load side by side (then how we reach the customer, and their home profile). Deals and tickets are polled, so a change
 * staff make in HubSpot shows up once the worker has mirrored it. A failed load is only logged and
 * the page goes on with empty data (§7).
 */
export function Portal() {
  const navigate = useNavigate();
  const me = useMe();
  const signedIn = me.isSuccess;
  const details = useDetails(signedIn);
  const profile = useProfile(signedIn);
  const deals = useDeals(signedIn);
  const upcomingDeals = deals.data?.upcoming ?? NO_DEALS;
  const pastDeals = deals.data?.past ?? NO_DEALS;
  const upcomingIds = useMemo(() => upcomingDeals.map((d) => d.id), [upcomingDeals]);
  // Awaiting the answer, or approved and waiting for the invoice: the card shows the quote agreed to.
  const quoted = useMemo(() => new Set(upcomingDeals.filter((d) => QUOTE_STAGES.has(d.dealstage)).map((d) => d.id)), [upcomingDeals]);
  const tickets = useTickets(upcomingIds, signedIn);
  const now = useNow();
  // Open with the service to choose first ('' for none: "Schedule a new clean"); closed: null.
  const [scheduling, setScheduling] = useState<{ service: string | null } | null>(null);
  const [managing, setManaging] = useState<{ dealId: string; action: ManageAction } | null>(null);
  const [claiming, setClaiming] = useState<string | null>(null);
  // Stable, so the modal's 1.2 s close timer is not restarted by every poll's re-render.
  const closeManage = useCallback(() => setManaging(null), []);
  const closeSchedule = useCallback(() => setScheduling(null), []);
  const closeClaim = useCallback(() => setClaiming(null), []);

  const signedOut = [me.error, details.error, profile.error, deals.error, tickets.error].some(isUnauthorized);
  useEffect(() => {
    if (!signedOut) return;
    markSignedOut();
    // A link to one cleaning (the quote e-mail's) opened signed out: back to its card after signing in.
    const card = cardIdInHash(window.location.hash);
    void navigate(CLIENT_ROUTES.login, { replace: true, state: card ? { afterSignIn: `#${card}` } : null });
  }, [signedOut, navigate]);

  // A link to one cleaning (the quote e-mail's) shows its card once the cards are there.
  useCardInHash(me.isSuccess && deals.isSuccess);

  const ticketsByDeal = tickets.data?.ticketsByDealId;
  const upcoming = upcomingDeals.map((deal) => dealView(deal, 'upcoming', ticketsByDeal?.[deal.id], now));
  const history = pastDeals.slice(0, PORTAL_HISTORY_LIMIT).map((deal) => dealView(deal, 'history', undefined, now));
  const managed = managing ? upcoming.find((d) => d.id === managing.dealId) : undefined;
  const claimed = claiming ? history.find((d) => d.id === claiming) : undefined;

  if (me.isPending || signedOut) return <p className="page-loading">Loading your account…</p>;
  if (me.isError) {
    return (
      <p role="alert" className="alert">
        We could not load your account right now. Please try again in a moment.
      </p>
    );
  }

  const onSchedule = (service: string | null) => {
    // §8: without a contact profile nothing opens; it is only logged.
    if (!profile.data) {
      console.warn('no contact data');
      return;
    }
    setScheduling({ service });
  };

  return (
    <div className="portal">
      <AttentionStrip upcoming={upcoming} history={history} />
      <div className="portal__top">
        <CustomerDetailsCard details={details.data} fallback={me.data} />
        <div className="card portal__schedule">
          <h2>Need another cleaning?</h2>
          <p>Pick a service and a day; we confirm the details with you.</p>
          <button type="button" className="button" onClick={() => onSchedule(null)}>
            Schedule a new clean
          </button>
        </div>
      </div>
      <SkipAnswer />
      <DealSection
        title="Upcoming cleanings"
        deals={upcoming}
        empty="You have no upcoming cleanings."
        onManage={(dealId, action) => setManaging({ dealId, action })}
        quoted={quoted}
      />
      <DealSection
        title="Past cleanings"
        deals={history}
        empty="No past cleanings yet."
        onBookAgain={(deal) => onSchedule(deal.serviceId)}
        onReclean={(deal) => setClaiming(deal.id)}
      />
      <ReachSection enabled={signedIn} />
      <HomeProfileSection enabled={signedIn} />
      {scheduling && profile.data ? <ScheduleModal profile={profile.data} initialService={scheduling.service} onClose={closeSchedule} /> : null}
      {claimed ? <RecleanClaimModal key={claimed.id} deal={claimed} onClose={closeClaim} /> : null}
      {managing && managed ? (
        <ManageBookingModal
          key={`${managing.dealId}-${managing.action}`}
          deal={managed}
          action={managing.action}
          email={me.data.email}
          onClose={closeManage}
        />
      ) : null}
    </div>
  );
}
