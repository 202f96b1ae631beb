import type { APIRequestContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { appUrl } from './app-url';
import type { PortalCustomer } from './portal-customer';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

interface TextedMessage {
  body: string;
}

/**
 * Signs a customer in through the portal's login API, with the code read from the Twilio
 * emulator's outbox, on the browser context's own request client, so the session cookie lands
 * in the browser. For tests that need a customer's session but are not about the login page
 * (portal.e2e.test.ts goes through the page itself).
 */
export async function signInCustomer(request: APIRequestContext, customer: Pick<PortalCustomer, 'email' | 'phone'>): Promise<void> {
  const requested = await request.post(appUrl('/api/portal/auth/request-code'), {
    data: { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION },
  });
  expect(requested.status(), await requested.text()).toBe(200);

  const outbox = new URL('/_emulator/messages', inject('twilioUrl'));
  outbox.searchParams.set('to', customer.phone);
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await fetch(outbox)).json()) as { messages: TextedMessage[] };
        // Newest first; each test customer has a phone of its own.
        code = messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find((c) => c !== undefined);
        return code;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toMatch(/^\d{6}$/);

  const verified = await request.post(appUrl('/api/portal/auth/verify-code'), { data: { email: customer.email, phone: customer.phone, code } });
  expect(verified.status(), await verified.text()).toBe(200);
}
