import { escapeHtml as escape } from '@app/shared/escape-html';
import type { StoredMail } from './mail-store';
import { outcomeFor, type DeliveryOutcome } from './webhook-events';

/** What the emulator reports for a recipient (webhook-events.ts), as the inbox says it; nothing for a plain delivery. */
const OUTCOME_WORDS: Record<DeliveryOutcome, string | null> = {
  delivered: null,
  bounced: 'hard bounce',
  complained: 'marked as spam',
  deferred: 'soft bounce, then delivered',
};

function outcomeNote(mail: StoredMail): string {
  const words = [...new Set(mail.envelopeTo.map((to) => OUTCOME_WORDS[mail.outcomes[to] ?? outcomeFor(to)]).filter(Boolean))];
  return words.length > 0 ? ` · reported: ${escape(words.join(', '))}` : '';
}

/**
 * The dev mail inbox: the mail emulator's root lists every message it took, newest first, and
 * each message opens with its HTML (in a sandboxed frame: no scripts, no requests of its own
 * origin), its plain text and its headers, so whoever runs `npm run dev` reads what a customer
 * would receive. Rendered on the server from the store: no script. Development tooling only.
 */


const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1b1f24; }
h1 { font-size: 1.4rem; }
ul { list-style: none; padding: 0; }
li { border-bottom: 1px solid #d0d7de; padding: .6rem 0; }
a { color: #0b5cad; }
.meta { color: #57606a; font-size: .9rem; }
iframe { width: 100%; height: 36rem; border: 1px solid #d0d7de; border-radius: 6px; background: #fff; }
pre { white-space: pre-wrap; background: #f6f8fa; padding: .8rem; border-radius: 6px; }
.note { background: #fff8c5; padding: .4rem .6rem; border-radius: 6px; }
@media (prefers-color-scheme: dark) { body { background: #0d1117; color: #e6edf3; } a { color: #58a6ff; } .meta { color: #8b949e; } pre { background: #161b22; } li { border-color: #30363d; } .note { background: #3b2e00; } }
`;

function page(title: string, body: string, refreshSeconds?: number): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">${refresh}<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function inboxHtml(messages: StoredMail[], to: string | undefined): string {
  const items = messages
    .map(
      (mail) =>
        `<li><a href="/messages/${encodeURIComponent(mail.id)}">${escape(mail.subject || '(no subject)')}</a>` +
        `<div class="meta">To ${escape(mail.envelopeTo.join(', '))} · from ${escape(mail.from)} · ${escape(mail.receivedAt)}${mail.copies > 1 ? ` · arrived ${mail.copies} times` : ''}${outcomeNote(mail)}</div></li>`,
    )
    .join('');
  const filter = `<form method="get" action="/"><label>Only to <input type="email" name="to" value="${escape(to ?? '')}"></label> <button>Show</button></form>`;
  const list = items ? `<ul>${items}</ul>` : '<p>No e-mail yet. Book a cleaning on the site and its confirmation lands here.</p>';
  return page('Dev mail inbox', `<h1>Dev mail inbox</h1><p class="meta">Every e-mail the product sent while running here. This page refreshes itself.</p>${filter}${list}`, 5);
}

export function messageHtml(mail: StoredMail): string {
  const headers = Object.entries(mail.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const unsubscribe = mail.unsubscribe
    ? `<p class="note">Unsubscribe: ${mail.unsubscribe.oneClick ? `one-click to ${escape(mail.unsubscribe.url ?? '')}` : escape(mail.unsubscribe.problem ?? 'no one-click (List-Unsubscribe-Post missing)')}</p>`
    : '';
  const html = mail.html ? `<h2>As the customer sees it</h2><iframe title="The message" sandbox srcdoc="${escape(mail.html)}"></iframe>` : '';
  return page(
    mail.subject || 'E-mail',
    `<p><a href="/">All e-mail</a></p><h1>${escape(mail.subject || '(no subject)')}</h1>` +
      `<p class="meta">To ${escape(mail.to.join(', '))} · from ${escape(mail.from)} · ${escape(mail.receivedAt)}</p>${unsubscribe}${html}` +
      `<h2>Plain text</h2><pre>${escape(mail.text)}</pre><h2>Headers</h2><pre>${escape(headers)}</pre>`,
  );
}
