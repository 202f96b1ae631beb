import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { formatEasternClock, formatEasternShort } from '@app/shared/eastern-time';
import type { RequestOutcome } from '@app/shared/customer-messages';
import { formatUsPhone } from '@app/shared/phone';
import type { TicketNoun } from '@app/shared/tickets';
import { EmailLayout, Phone, styles, type EmailCompany } from './layout';

/**
 * The e-mail of each notice (docs/email.md): what it says and the one thing it asks the customer
 * to do. The words match the texts' (shared/src/customer-messages.ts), with room for the details
 * a text leaves to the portal.
 */
export type EmailNotice =
  | { kind: 'request_received'; reference: string; service: string; portalUrl: string }
  | { kind: 'quote_ready'; reference: string; amount: string; frequency: string | null; approveUrl: string }
  | { kind: 'cleaning_confirmed'; reference: string; scheduledAt: Date; portalUrl: string }
  /** The rule in words ("Every Tuesday at 10:00 AM") and the next visits to come. */
  | { kind: 'plan_confirmed'; rule: string; visits: Date[]; portalUrl: string }
  | { kind: 'reminder'; scheduledAt: Date; portalUrl: string; unsubscribeUrl: string }
  | { kind: 'rescheduled'; reference: string; scheduledAt: Date; portalUrl: string }
  | { kind: 'canceled'; reference: string; portalUrl: string }
  | { kind: 'request_answered'; reference: string; request: TicketNoun; outcome: RequestOutcome; portalUrl: string }
  | { kind: 'invoice_ready'; amount: string; payUrl: string }
  | { kind: 'payment_received'; reference: string; amount: string; portalUrl: string; tip?: { cleanerFirstName: string | null; url: string } | null }
  | { kind: 'invoice_reminder'; reference: string; amount: string; payUrl: string }
  /** Rated by texting back (docs/conversations.md#ratings): `textTo` is our number (E.164), null when we send through a messaging service. */
  | { kind: 'rating_request'; reference: string; textTo: string | null; unsubscribeUrl: string }
  | { kind: 'on_my_way'; cleanerFirstName: string | null; from: Date; to: Date }
  | { kind: 'portal_invite'; firstName: string | null; signInUrl: string };

export type EmailNoticeKind = EmailNotice['kind'];

/** 'Tue, Dec 8 at 10:00 AM ET'. */
const when = (instant: Date) => `${formatEasternShort(instant)} ET`;

const P = ({ children }: { children: ReactNode }) => (
  <Text className="text" style={styles.text}>
    {children}
  </Text>
);

function Action({ href, children }: { href: string; children: string }) {
  return (
    <>
      <Button className="button" href={href} style={styles.button}>
        {children}
      </Button>
      <Text className="muted" style={{ ...styles.muted, margin: '16px 0 0' }}>
        Or open this link: <Link href={href} style={styles.link}>{href}</Link>
      </Text>
    </>
  );
}

/** What became of a change or cancellation request, or a re-clean claim, in a sentence. */
function answerWords(request: TicketNoun, reference: string, outcome: RequestOutcome): string {
  switch (outcome.kind) {
    case 'moved':
      return `We've moved your cleaning ${reference} to ${when(outcome.scheduledAt)}, as you asked.`;
    case 'canceled':
      return `We've canceled your cleaning ${reference}, as you asked.`;
    case 'declined': {
      const refused = request === 'cancellation request' ? `We can't cancel your cleaning ${reference}` : `We can't accept your ${request} for ${reference}`;
      const stays = outcome.scheduledAt && request !== 're-clean claim' ? `: it stays ${when(outcome.scheduledAt)}` : '';
      return `${refused}${stays}. Our answer, and why, is in your portal.`;
    }
    case 'answered':
      return `We've answered your ${request} for ${reference}.`;
  }
}

/**
 * How to rate: by text, as the request's text asks (a reply that is only the rating counts), to
 * our number when we have one to name, else as a reply to that text.
 */
export function ratingWords(textTo: string | null): string {
  const scale = 'a rating from 1 (poor) to 5 (great)';
  return `${textTo ? `Text us ${scale} at ${formatUsPhone(textTo)}` : `Reply to our text with ${scale}`}: just the number, like 5.`;
}

/** The subject line and the line shown after it in the inbox. */
export function emailSubject(notice: EmailNotice, company: Pick<EmailCompany, 'name'>): string {
  switch (notice.kind) {
    case 'request_received':
      return `We got your cleaning request ${notice.reference}`;
    case 'quote_ready':
      return `Your quote for ${notice.reference} is ready`;
    case 'cleaning_confirmed':
      return `Your cleaning is confirmed for ${when(notice.scheduledAt)}`;
    case 'plan_confirmed':
      return `Your recurring plan is set: ${notice.rule}`;
    case 'reminder':
      return `Reminder: your cleaning is ${when(notice.scheduledAt)}`;
    case 'rescheduled':
      return `Your cleaning ${notice.reference} has moved to ${when(notice.scheduledAt)}`;
    case 'canceled':
      return `Your cleaning ${notice.reference} is canceled`;
    case 'request_answered':
      switch (notice.outcome.kind) {
        case 'moved':
          return `Your cleaning ${notice.reference} is moved to ${when(notice.outcome.scheduledAt)}`;
        case 'canceled':
          return `Your cleaning ${notice.reference} is canceled, as you asked`;
        case 'declined':
          return `About your ${notice.request} for ${notice.reference}`;
        case 'answered':
          return `We've answered your ${notice.request} for ${notice.reference}`;
      }
      break;
    case 'invoice_ready':
      return `Your invoice for ${notice.amount} is ready`;
    case 'payment_received':
      return `Payment received: ${notice.amount} for ${notice.reference}`;
    case 'invoice_reminder':
      return `Reminder: your invoice for ${notice.amount} is still unpaid`;
    case 'rating_request':
      return `How did your ${company.name} cleaning go?`;
    case 'on_my_way':
      return `${notice.cleanerFirstName?.trim() || 'Your cleaner'} is on the way`;
    case 'portal_invite':
      return `Your ${company.name} customer portal`;
  }
}

function content(notice: EmailNotice, company: EmailCompany): { body: ReactNode; unsubscribeUrl?: string } {
  switch (notice.kind) {
    case 'request_received':
      return {
        body: (
          <>
            <P>Thank you: your request for a {notice.service} is locked in. Your reference is <strong>{notice.reference}</strong>.</P>
            <P>We look at every request during office hours and get back to you with a confirmed time or a quote. Nothing is charged yet.</P>
            <Action href={notice.portalUrl}>See your request</Action>
          </>
        ),
      };
    case 'quote_ready':
      return {
        body: (
          <>
            <P>
              Your quote for {notice.reference} is <strong>{notice.amount}</strong>
              {notice.frequency ? ` a visit, ${notice.frequency.toLowerCase()}` : ''}.
            </P>
            <P>Approve it in your portal and we schedule the cleaning; ask us there if anything should change.</P>
            <Action href={notice.approveUrl}>Review and approve</Action>
          </>
        ),
      };
    case 'cleaning_confirmed':
      return {
        body: (
          <>
            <P>Your cleaning {notice.reference} is confirmed for <strong>{when(notice.scheduledAt)}</strong>.</P>
            <P>Need another day? Ask in your portal at least 24 hours before.</P>
            <Action href={notice.portalUrl}>See the details</Action>
          </>
        ),
      };
    case 'plan_confirmed':
      return {
        body: (
          <>
            <P>Your recurring plan is set: <strong>{notice.rule}</strong> (Eastern Time). Each visit is scheduled for you, and you get a reminder the day before.</P>
            <P>Your next visits: {notice.visits.map(when).join('; ')}.</P>
            <P>Away one week? Skip that visit, or ask to pause or change the plan, in your portal at least 24 hours before.</P>
            <Action href={notice.portalUrl}>See your visits</Action>
          </>
        ),
      };
    case 'reminder':
      return {
        unsubscribeUrl: notice.unsubscribeUrl,
        body: (
          <>
            <P>Your cleaning is <strong>{when(notice.scheduledAt)}</strong>. Please make sure we can get in.</P>
            <P>
              Questions? Call <Phone number={company.phone} />.
            </P>
            <Action href={notice.portalUrl}>See the details</Action>
          </>
        ),
      };
    case 'rescheduled':
      return {
        body: (
          <>
            <P>Your cleaning {notice.reference} has moved to <strong>{when(notice.scheduledAt)}</strong>.</P>
            <Action href={notice.portalUrl}>See the details</Action>
          </>
        ),
      };
    case 'canceled':
      return {
        body: (
          <>
            <P>
              Your cleaning {notice.reference} is canceled. If that is a surprise, call us at <Phone number={company.phone} />.
            </P>
            <Action href={notice.portalUrl}>Book again</Action>
          </>
        ),
      };
    case 'request_answered':
      return {
        body: (
          <>
            <P>{answerWords(notice.request, notice.reference, notice.outcome)}</P>
            <Action href={notice.portalUrl}>See our answer</Action>
          </>
        ),
      };
    case 'invoice_ready':
      return {
        body: (
          <>
            <P>Your invoice for <strong>{notice.amount}</strong> is ready.</P>
            <Action href={notice.payUrl}>Pay online</Action>
          </>
        ),
      };
    case 'invoice_reminder':
      return {
        body: (
          <>
            <P>A reminder: your invoice of <strong>{notice.amount}</strong> for your cleaning {notice.reference} is still unpaid.</P>
            <P>You can pay it online in a minute. If you have paid it already, thank you, and please ignore this e-mail.</P>
            <Action href={notice.payUrl}>Pay the invoice</Action>
          </>
        ),
      };
    case 'payment_received':
      return {
        body: (
          <>
            <P>Thank you: we received your payment of <strong>{notice.amount}</strong> for your cleaning {notice.reference}.</P>
            <P>This e-mail is your receipt. Your invoices and cleanings are in your portal.</P>
            <Action href={notice.portalUrl}>See your cleanings</Action>
            {notice.tip ? (
              <P>
                Happy with your cleaning? <a href={notice.tip.url}>Thank {notice.tip.cleanerFirstName?.trim() || 'your cleaner'} with a tip</a>.
              </P>
            ) : null}
          </>
        ),
      };
    case 'rating_request':
      return {
        unsubscribeUrl: notice.unsubscribeUrl,
        body: (
          <>
            <P>How did we do on {notice.reference}? A rating takes a moment and goes straight to the office.</P>
            <P>{ratingWords(notice.textTo)}</P>
            <P>Thank you!</P>
          </>
        ),
      };
    case 'on_my_way':
      return {
        body: (
          <P>
            {notice.cleanerFirstName?.trim() || 'Your cleaner'} is on the way and should arrive between {formatEasternClock(notice.from).replace(' ET', '')} and{' '}
            {formatEasternClock(notice.to)}.
          </P>
        ),
      };
    case 'portal_invite':
      return {
        body: (
          <>
            <P>{notice.firstName ? `Hi ${notice.firstName}, your` : 'Your'} {company.name} portal is ready: see your cleanings and invoices, approve quotes and ask for changes.</P>
            <P>Sign in with this e-mail address and your phone; we text you a one-time code.</P>
            <Action href={notice.signInUrl}>Sign in</Action>
          </>
        ),
      };
  }
}

/** The whole e-mail of a notice, ready for render(). */
export function NoticeEmail({ notice, company }: { notice: EmailNotice; company: EmailCompany }) {
  const subject = emailSubject(notice, company);
  const { body, unsubscribeUrl } = content(notice, company);
  return (
    <EmailLayout company={company} preview={subject} heading={subject} unsubscribeUrl={unsubscribeUrl}>
      {body}
    </EmailLayout>
  );
}
