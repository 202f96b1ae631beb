// docs/twilio.md gives the A2P campaign's sample messages and HELP/STOP answers; carriers vet
// the campaign against what we really send, so the quotes must stay the templates' words.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '@app/shared/company';
import { cleaningConfirmedSms, helpReplySms, invoiceReadySms, reminderSms, requestReceivedSms, type MessageContext } from '@app/shared/customer-messages';
import { loginCodeSms } from '@app/shared/texts';
import { KEYWORD_REPLIES } from '@app/emulators/twilio/opt-outs';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/twilio.md'), 'utf8');

/** Every inline code span of the page, on one line, with the [placeholder] brackets dropped. */
const quoted = [...doc.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\s+/g, ' ').replace(/[[\]]/g, '').trim());

describe('the campaign samples in docs/twilio.md', () => {
  const ctx: MessageContext = { company: DEMO_COMPANY.name, phone: '(404) 555-0100', portalUrl: 'https://www.example.com/login' };
  const at = new Date('2026-12-01T14:00:00Z');

  it.each([
    ['login code', loginCodeSms(DEMO_COMPANY.name, '123456', 10)],
    ['booking received', requestReceivedSms(ctx, 'ATL-7K3F')],
    ['confirmation', cleaningConfirmedSms(ctx, 'ATL-7K3F', at)],
    ['reminder', reminderSms(ctx, at)],
    ['invoice', invoiceReadySms(ctx, '$189.00', 'https://pay.example/inv/1')],
    ['HELP reply', helpReplySms(ctx)],
    ["Twilio's STOP answer", KEYWORD_REPLIES.stop],
  ])('quotes the %s as it is sent', (_name, text) => {
    expect(quoted).toContain(text);
  });
});
