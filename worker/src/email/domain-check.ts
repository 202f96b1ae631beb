import type { MailTransport } from './mail-transport';

/** The TXT lookup the checks need (node:dns/promises resolveTxt, or a stand-in in tests). */
export type TxtResolver = (name: string) => Promise<string[][]>;

export type Provider = 'postmark' | 'ses' | 'sendgrid' | 'mailgun' | 'other';

/** The SPF include each provider publishes for its sending servers (its setup guide). */
export const PROVIDER_SPF_INCLUDES: Readonly<Record<Exclude<Provider, 'other'>, string>> = {
  postmark: 'include:spf.mtasv.net',
  ses: 'include:amazonses.com',
  sendgrid: 'include:sendgrid.net',
  mailgun: 'include:mailgun.org',
};

export interface CheckLine {
  ok: boolean | null;
  what: string;
  detail: string;
}

const joined = (records: string[][]) => records.map((parts) => parts.join(''));

async function txt(resolve: TxtResolver, name: string): Promise<string[] | 'unreachable' | 'none'> {
  try {
    return joined(await resolve(name));
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ENODATA' || code === 'ENOTFOUND' ? 'none' : 'unreachable';
  }
}

/**
 * Whether the sending domain is set up the way Gmail's and Yahoo's 2024 sender rules ask
 * (docs/email.md#going-live): an SPF record that names the provider, and a DMARC record. DKIM
 * is checked by the provider itself (its selector is its own): the report says so.
 */
export async function checkSendingDomain(resolve: TxtResolver, domain: string, provider: Provider): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  const spf = await txt(resolve, domain);
  if (spf === 'unreachable') lines.push({ ok: null, what: 'SPF', detail: `could not look up ${domain} (no DNS from here)` });
  else {
    const record = spf === 'none' ? undefined : spf.find((r) => r.startsWith('v=spf1'));
    const include = provider === 'other' ? null : PROVIDER_SPF_INCLUDES[provider];
    if (!record) lines.push({ ok: false, what: 'SPF', detail: `no "v=spf1" TXT record on ${domain}${include ? `: add one with ${include}` : ''}` });
    else if (include && !record.split(/\s+/).includes(include)) lines.push({ ok: false, what: 'SPF', detail: `${domain}'s record does not name ${include}: ${record}` });
    else lines.push({ ok: true, what: 'SPF', detail: record });
  }
  const dmarc = await txt(resolve, `_dmarc.${domain}`);
  if (dmarc === 'unreachable') lines.push({ ok: null, what: 'DMARC', detail: `could not look up _dmarc.${domain} (no DNS from here)` });
  else {
    const record = dmarc === 'none' ? undefined : dmarc.find((r) => r.startsWith('v=DMARC1'));
    lines.push(record ? { ok: true, what: 'DMARC', detail: record } : { ok: false, what: 'DMARC', detail: `no "v=DMARC1" TXT record on _dmarc.${domain}: add at least "v=DMARC1; p=none; rua=mailto:…"` });
  }
  lines.push({ ok: null, what: 'DKIM', detail: "the provider's own records (its selector): check that its dashboard shows the domain verified" });
  return lines;
}

/** Logs in to the provider's SMTP endpoint without sending anything. */
export async function checkSmtpLogin(transport: MailTransport): Promise<CheckLine> {
  try {
    await transport.verify();
    return { ok: true, what: 'SMTP login', detail: 'the provider took the login over TLS' };
  } catch (error) {
    const e = error as { response?: string; message?: string };
    return { ok: false, what: 'SMTP login', detail: e.response ?? e.message ?? String(error) };
  }
}

export function formatCheck(lines: readonly CheckLine[]): string {
  return lines.map((line) => `${line.ok === true ? 'ok  ' : line.ok === false ? 'FIX ' : '--  '} ${line.what}: ${line.detail}`).join('\n');
}
