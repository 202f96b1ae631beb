import { z } from 'zod';
import { dealPatchSchema, invoiceSchema, ownerSchema, recordSchema, ticketPatchSchema } from './control';
import type { EmulatorCore } from './core';
import { notFound } from './errors';
import { faultSchema } from './faults';
import { normalizeType } from './object-types';
import { dailyLimitSchema, rateLimitSchema } from './rate-limit';
import { parseBody, type Router } from './routing';

/** PUT /_emulator/config: any of these; rate limits may be given in part. */
const configPatchSchema = z
  .object({
    rateLimit: rateLimitSchema.partial().optional(),
    searchRateLimit: rateLimitSchema.partial().optional(),
    dailyLimit: dailyLimitSchema.partial().optional(),
    indexLagMs: z.number().int().min(0).max(600_000).optional(),
    scopes: z.array(z.string().min(1)).optional(),
    tokenKind: z.enum(['private-app', 'service-key']).optional(),
    fileMaxBytes: z.number().int().min(1).optional(),
  })
  .strict();

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The invoice as its buyer sees it at its link: number, status, amount, and Pay while it is open. */
function invoicePage(id: string, p: Record<string, string | null | undefined>): string {
  const text = (name: string) => escapeHtml(p[name] ?? '');
  const pay =
    p.hs_invoice_status === 'open'
      ? `<form method="post" action="/_emulator/invoices/${encodeURIComponent(id)}/checkout"><button type="submit">Pay $${text('hs_balance_due')}</button></form>`
      : '';
  // Its own (empty) icon: a browser asks no /favicon.ico of the emulator, which wants a token there.
  return `<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,"><title>Invoice ${text('hs_number')}</title>
<main><h1>Invoice ${text('hs_number')}</h1><p>Status: ${text('hs_invoice_status')}</p><p>Amount: $${text('hs_amount_billed')}</p>
${pay}<p><a href="${text('hs_pdf_download_link')}">Download PDF</a></p></main></html>`;
}

/** A PDF with one line of text: enough for a browser to open the invoice link. */
function tinyPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 72 720 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 72 720 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The control API under /_emulator (no authentication): reset, faults, request log,
 * state inspection, and the staff-side changes a HubSpot user would make in the UI.
 */
export function registerControlRoutes(router: Router, core: EmulatorCore): void {
  const ok = (body: unknown = { ok: true }) => ({ status: 200, body });

  router.on('POST', '/_emulator/reset', () => {
    core.reset();
    return ok();
  });

  router.on('GET', '/_emulator/faults', () => ok(core.faults.state()));
  router.on('POST', '/_emulator/faults', ({ body }) => {
    core.faults.add(parseBody(faultSchema, body));
    return ok(core.faults.state());
  });
  router.on('DELETE', '/_emulator/faults', () => {
    core.faults.clear();
    return ok(core.faults.state());
  });

  router.on('GET', '/_emulator/requests', ({ query }) => {
    const since = query.get('since');
    return ok({ results: core.log.list(since === null || since === '' ? undefined : Number(since)) });
  });
  router.on('DELETE', '/_emulator/requests', () => {
    core.log.clear();
    return ok();
  });

  router.on('GET', '/_emulator/objects/:type', ({ params, query }) =>
    ok({ results: core.objects(params.type ?? '', query.get('archived') === 'true') }),
  );
  // What a user does in HubSpot's UI: delete a record, merge two.
  router.on('POST', '/_emulator/objects/:type/merge', ({ params, body }) => {
    const input = parseBody(z.object({ primaryObjectId: z.string().min(1), objectIdToMerge: z.string().min(1) }), body);
    return ok(core.merge(params.type ?? '', input.primaryObjectId, input.objectIdToMerge));
  });
  router.on('POST', '/_emulator/objects/:type', ({ params, body }) => ({ status: 201, body: core.createRecord(params.type ?? '', parseBody(recordSchema, body)) }));
  router.on('PATCH', '/_emulator/objects/:type/:id', ({ params, body }) =>
    ok(core.editRecord(params.type ?? '', params.id ?? '', parseBody(z.record(z.string(), z.string().nullable()), body))),
  );
  router.on('POST', '/_emulator/objects/:type/:id/archive', ({ params }) => ok(core.archiveObject(params.type ?? '', params.id ?? '')));
  router.on('GET', '/_emulator/objects/:type/:id', ({ params }) => {
    const type = normalizeType(params.type ?? '');
    return ok(core.withAssociations(core.store.get(type, params.id ?? '')));
  });
  router.on('GET', '/_emulator/associations', () => ok({ results: core.associations() }));

  router.on('PATCH', '/_emulator/deals/:id', ({ params, body }) =>
    ok(core.updateDeal(params.id ?? '', parseBody(dealPatchSchema, body))),
  );
  router.on('POST', '/_emulator/deals/:id/invoice', ({ params, body }) =>
    ok(core.attachInvoice(params.id ?? '', parseBody(invoiceSchema, body))),
  );
  router.on('PATCH', '/_emulator/tickets/:id', ({ params, body }) =>
    ok(core.updateTicket(params.id ?? '', parseBody(ticketPatchSchema, body))),
  );

  router.on('GET', '/_emulator/owners', ({ query }) => ok({ results: core.owners(query.get('archived') === 'true') }));
  router.on('POST', '/_emulator/owners', ({ body }) => ({ status: 201, body: core.addOwner(parseBody(ownerSchema, body)) }));
  // A user deactivated in HubSpot: its owner is archived.
  router.on('POST', '/_emulator/owners/:id/archive', ({ params }) => ok(core.archiveOwner(params.id ?? '')));

  // Another integration of the account used some of today's requests.
  router.on('POST', '/_emulator/daily-usage', ({ body }) => {
    const input = parseBody(z.object({ requests: z.number().int().min(1).max(10_000_000) }).strict(), body);
    return ok({ used: core.dailyLimiter.use(input.requests) });
  });
  // The account's midnight, now.
  router.on('POST', '/_emulator/daily-usage/new-day', () => {
    core.dailyLimiter.newDay();
    return ok();
  });

  router.on('GET', '/_emulator/config', () => ok(core.config()));
  router.on('PUT', '/_emulator/config', ({ body }) => {
    const input = parseBody(configPatchSchema, body);
    const current = core.config();
    return ok(
      core.setConfig({
        ...(input.rateLimit ? { rateLimit: { ...current.rateLimit, ...input.rateLimit } } : {}),
        ...(input.searchRateLimit ? { searchRateLimit: { ...current.searchRateLimit, ...input.searchRateLimit } } : {}),
        ...(input.dailyLimit ? { dailyLimit: { ...current.dailyLimit, ...input.dailyLimit } } : {}),
        ...(input.indexLagMs !== undefined ? { indexLagMs: input.indexLagMs } : {}),
        ...(input.scopes ? { scopes: input.scopes } : {}),
        ...(input.tokenKind ? { tokenKind: input.tokenKind } : {}),
        ...(input.fileMaxBytes !== undefined ? { fileMaxBytes: input.fileMaxBytes } : {}),
      }),
    );
  });

  // What reached the file manager: metadata of every file (deleted ones too), and a file's bytes.
  router.on('GET', '/_emulator/files', () => ok({ results: core.files.all().map(({ bytes: _bytes, ...meta }) => meta) }));
  router.on('GET', '/_emulator/files/:id/content', ({ params }) => {
    const file = core.files.find(params.id ?? '');
    if (!file) throw notFound(`file ${params.id} not found`);
    return { status: 200, raw: { contentType: file.contentType, data: Buffer.from(file.bytes, 'base64') } };
  });

  // HubSpot payments: the buyer pays an open invoice, or someone voids one in HubSpot.
  router.on('POST', '/_emulator/invoices/:id/pay', ({ params }) => ok(core.payInvoice(params.id ?? '')));
  router.on('POST', '/_emulator/invoices/:id/void', ({ params }) => ok(core.voidInvoice(params.id ?? '')));

  // What the invoice links of a created invoice open: its checkout, with a Pay button while it is open.
  router.on('GET', '/_emulator/invoices/:id', ({ params }) => {
    const invoice = core.store.find('invoices', params.id ?? '');
    if (!invoice) throw notFound(`invoice ${params.id} not found`);
    return { status: 200, raw: { contentType: 'text/html; charset=utf-8', data: invoicePage(invoice.id, invoice.properties) } };
  });
  // The checkout's Pay button (a browser's form post): paid, then the invoice again.
  router.on('POST', '/_emulator/invoices/:id/checkout', ({ params }) => {
    const paid = core.payInvoice(params.id ?? '');
    return { status: 200, raw: { contentType: 'text/html; charset=utf-8', data: invoicePage(paid.id, paid.properties) } };
  });
  router.on('GET', '/_emulator/invoices/:id/pdf', ({ params }) => {
    const invoice = core.store.find('invoices', params.id ?? '');
    if (!invoice) throw notFound(`invoice ${params.id} not found`);
    const p = invoice.properties;
    const pdf = tinyPdf(`Invoice ${p.hs_number ?? ''} - $${p.hs_amount_billed ?? ''} - ${p.hs_invoice_status ?? ''}`);
    return { status: 200, raw: { contentType: 'application/pdf', data: pdf } };
  });
}
