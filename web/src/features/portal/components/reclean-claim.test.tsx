import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dealSchema } from '@app/shared/entities';
import { STAGE } from '@app/shared/deal-stages';
import { COMPANY } from '../../../lib/company';
import { DealCard } from './deal-card';
import { dealView } from './deal-view';
import type { PhotoSend } from '../../../lib/use-photo-sends';
import { choosePhotos, photosSummary, SentPhotos } from './claim-photos';
import { ClaimForm, missedError, PhotosFallback } from './reclean-claim-modal';

const H = 3_600_000;
const NOW = new Date('2026-12-02T15:00:00Z');
const UNTIL = new Date(NOW.getTime() + 20 * H);
const claim = (stage: string | null, extra: Record<string, string> = {}) => ({ id: 't1', properties: { hs_ticket_category: 'Re-clean Claim', hs_pipeline_stage: stage }, ...extra });
const doneDeal = (reclean: unknown) =>
  dealSchema.parse({ id: 'd1', dealstage: STAGE.CLEANING_DONE, reference: 'ATL-7K3F', scheduled_date_raw: '2026-12-01T14:00:00.000Z', external_skus: ['basic-1500'], reclean });
const card = (reclean: unknown, now = NOW) => renderToStaticMarkup(<DealCard deal={dealView(doneDeal(reclean), 'history', undefined, now)} onReclean={() => {}} />);

const form = (props: Partial<Parameters<typeof ClaimForm>[0]> = {}) =>
  renderToStaticMarkup(
    <ClaimForm
      missed=""
      error={undefined}
      failure={null}
      pending={false}
      photos={[]}
      photosError={undefined}
      onPhotos={() => {}}
      onChange={() => {}}
      onSubmit={() => {}}
      onClose={() => {}}
      {...props}
    />,
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

  it('asks what was missed, with its hint, and offers photos to add (no e-mail to write)', () => {
    const html = form();
    expect(html).toMatch(/<label for="([^"]+)">What was missed\?<\/label><textarea id="\1" required="" aria-invalid="false" aria-describedby="\1-hint" name="missed"/);
    expect(html).toContain('(at most 1000 characters)');
    expect(html).toMatch(/<label for="([^"]+)">Add photos \(optional\)<\/label><input id="\1" aria-invalid="false" aria-describedby="\1-hint" type="file" accept="image\/jpeg,image\/png,image\/webp" multiple="" name="photos"\/>/);
    expect(html).toContain('Up to 5 photos of what was missed (JPEG, PNG or WebP, at most 10 MB each). 0 of 5 chosen.');
    expect(html).not.toContain('mailto:');
    expect(html).toContain('>Send</button>');
    expect(html).not.toContain('data-error');
  });

  it('lists the photos chosen, and says the limit when more than five were picked, keeping the first five', () => {
    const file = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
    const html = form({ photos: [file('oven.jpg'), file('sink.jpg')] });
    expect(html).toContain('2 of 5 chosen.');
    expect(html).toContain('<ul class="claim-photos__chosen" aria-label="Chosen photos"><li>oven.jpg</li><li>sink.jpg</li></ul>');
    expect(form({ photosError: 'You can add up to 5 photos.' })).toMatch(/<p id="[^"]+-error" class="field__error" data-error="">You can add up to 5 photos.<\/p>/);

    const four = ['1', '2', '3', '4'].map((n) => file(`${n}.jpg`));
    const picked = choosePhotos(four, [file('5.jpg'), file('6.jpg')]);
    expect(picked.files.map((f) => f.name)).toEqual(['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg']);
    expect(picked.tooMany).toBe(true);
    expect(choosePhotos(four, [file('5.jpg')]).tooMany).toBe(false);
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

describe('the photos sent with a claim', () => {
  const item = (name: string, status: PhotoSend['status'], reason?: string): PhotoSend => ({ key: name, name, status, ...(reason && { reason }) });
  const sent = (items: PhotoSend[]) => renderToStaticMarkup(<SentPhotos items={items} />);
  const fallback = (items: PhotoSend[]) => renderToStaticMarkup(<PhotosFallback deal={{ reference: 'ATL-7K3F' }} items={items} />);

  it('shows each photo as it goes, Sending… then Added or the server’s refusal, then how many were added', () => {
    const going = sent([item('oven.jpg', 'added'), item('sink.jpg', 'sending')]);
    expect(going).toContain('<span class="claim-photos__name">oven.jpg</span> <strong>Added</strong>');
    expect(going).toContain('<span class="claim-photos__name">sink.jpg</span> <strong>Sending…</strong>');
    expect(going).not.toContain('added to your claim');
    const done = sent([item('oven.jpg', 'added'), item('sink.gif', 'refused', 'This photo is not a JPEG, PNG or WebP image.')]);
    expect(done).toContain('<strong>This photo is not a JPEG, PNG or WebP image.</strong>');
    expect(done).toContain('1 of 2 photos added to your claim.');
    expect(sent([])).toBe('');
  });

  it('counts the photos added', () => {
    expect(photosSummary([item('a', 'added')])).toBe('1 photo added to your claim.');
    expect(photosSummary([item('a', 'added'), item('b', 'added')])).toBe('2 photos added to your claim.');
    expect(photosSummary([item('a', 'refused', 'No')])).toBe('0 of 1 photo added to your claim.');
    expect(photosSummary([])).toBeNull();
  });

  it('offers e-mail, with the reference, only for photos that could not be added', () => {
    expect(fallback([item('a', 'added')])).toBe('');
    expect(fallback([item('a', 'added'), item('b', 'refused', 'No')])).toContain(
      `e-mail the photos that were not added to <a href="mailto:${COMPANY.email}">${COMPANY.email}</a> with your reference ATL-7K3F.`,
    );
  });
});
