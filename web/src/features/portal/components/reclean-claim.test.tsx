import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dealSchema } from '@app/shared/entities';
import { STAGE } from '@app/shared/deal-stages';
import { COMPANY } from '../../../lib/company';
import { DealCard } from './deal-card';
import { dealView } from './deal-view';
import { ClaimForm, missedError } from './reclean-claim-modal';

const H = 3_600_000;
const NOW = new Date('2026-12-02T15:00:00Z');
const UNTIL = new Date(NOW.getTime() + 20 * H);
const claim = (stage: string | null, extra: Record<string, string> = {}) => ({ id: 't1', properties: { hs_ticket_category: 'Re-clean Claim', hs_pipeline_stage: stage }, ...extra });
const doneDeal = (reclean: unknown) =>
  dealSchema.parse({ id: 'd1', dealstage: STAGE.CLEANING_DONE, reference: 'ATL-7K3F', scheduled_date_raw: '2026-12-01T14:00:00.000Z', external_skus: ['basic-1500'], reclean });
const card = (reclean: unknown, now = NOW) => renderToStaticMarkup(<DealCard deal={dealView(doneDeal(reclean), 'history', undefined, now)} onReclean={() => {}} />);

const form = (props: Partial<Parameters<typeof ClaimForm>[0]> = {}) =>
  renderToStaticMarkup(
    <ClaimForm deal={{ reference: 'ATL-7K3F' }} missed="" error={undefined} failure={null} pending={false} onChange={() => {}} onSubmit={() => {}} onClose={() => {}} {...props} />,
  );

describe('"Something was missed" on a past cleaning', () => {
  it('is offered within the window, saying until when (Eastern)', () => {
    const html = card({ until: UNTIL.toISOString(), claim: null });
    expect(html).toContain('>Something was missed</button>');
    expect(html).toContain('Satisfaction guarantee: you can tell us until December 3, 2026 at 6:00 AM <abbr title="Eastern Time">ET</abbr>.');
  });

  it('is not offered once the window has passed, nor for a cleaning without one', () => {
    expect(card({ until: UNTIL.toISOString(), claim: null }, UNTIL)).not.toContain('Something was missed');
    expect(card({ until: null, claim: null })).not.toContain('Something was missed');
    expect(card(undefined)).not.toContain('Something was missed');
  });

  it('shows the open claim instead of the button, then the office’s answer', () => {
    const open = card({ until: UNTIL.toISOString(), claim: claim('1') });
    expect(open).not.toContain('>Something was missed</button>');
    expect(open).toContain('We have your claim for this cleaning and will be in touch.');
    const approved = card({ until: UNTIL.toISOString(), claim: claim('1613485805', { approval_note: 'We come back on Thursday at 10 AM.' }) }, new Date(UNTIL.getTime() + H));
    expect(approved).toContain('We will come back to fix it at no charge: We come back on Thursday at 10 AM.');
    const declined = card({ until: UNTIL.toISOString(), claim: claim('1613485806', { decline_reason: 'The oven was not booked.' }) });
    expect(declined).toContain('We could not accept your re-clean claim: The oven was not booked.');
  });
});

describe('the re-clean claim form', () => {
  it('checks what was missed with the shared schema: required, at most 1000 characters', () => {
    expect(missedError('')).toBe('Please tell us what was missed.');
    expect(missedError('   ')).toBe('Please tell us what was missed.');
    expect(missedError('x'.repeat(1001))).toBe('Please keep what was missed under 1000 characters.');
    expect(missedError(' The oven ')).toBeUndefined();
  });

  it('asks what was missed, with its hint, and says photos go by e-mail with the reference', () => {
    const html = form();
    expect(html).toMatch(/<label for="([^"]+)">What was missed\?<\/label><textarea id="\1" required="" aria-invalid="false" aria-describedby="\1-hint" name="missed"/);
    expect(html).toContain('(at most 1000 characters)');
    expect(html).toContain(`e-mail them to <a href="mailto:${COMPANY.email}">${COMPANY.email}</a> with your reference ATL-7K3F.`);
    expect(html).toContain('>Send</button>');
    expect(html).not.toContain('data-error');
  });

  it('shows the field’s message under it, tied to it, and the api’s refusal in an alert', () => {
    const html = form({ error: 'Please tell us what was missed.' });
    expect(html).toMatch(/<textarea id="([^"]+)" required="" aria-invalid="true" aria-describedby="\1-hint \1-error"/);
    expect(html).toMatch(/<p id="[^"]+-error" class="field__error" data-error="">Please tell us what was missed.<\/p>/);
    const refused = form({ failure: 'It is more than 48 hours since this cleaning, so the satisfaction guarantee no longer covers it here. Please contact us if something is wrong.' });
    expect(refused).toContain('<div role="alert" class="alert form-alert">It is more than 48 hours since this cleaning');
    expect(form({ pending: true })).toContain('disabled="">Sending…</button>');
  });
});
