import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { CallbackLog } from './callback-log';
import { deliveryFailureSchema, type DeliveryFailures } from './delivery-failures';
import { queueWaitSchema, type DeliveryLifecycle } from './delivery-lifecycle';
import { faultSchema, type FaultController } from './faults';
import { readBody, sendEmpty, sendJson } from './http-io';
import { inboundSchema, receiveInbound, type InboundContext } from './inbound';
import type { MessageStore } from './message-store';
import { ACCOUNT_PATCH_SHAPE, accountPatchSchema, type AccountPatch, type MessagingAccount } from './messaging-account';
import type { OptOutList } from './opt-outs';
import type { RequestLog } from './request-log';

// The emulator's own API under /_emulator/: no auth, JSON. The dev SMS inbox page reads it from
// the browser, hence the open CORS headers (the emulator only ever listens on loopback).

export interface ControlContext {
  store: MessageStore;
  faults: FaultController;
  log: RequestLog;
  callbacks: CallbackLog;
  deliveryFailures: DeliveryFailures;
  optOuts: OptOutList;
  inbound: InboundContext;
  lifecycle: DeliveryLifecycle;
  reset(): void;
  account(): MessagingAccount;
  setAccount(patch: AccountPatch): MessagingAccount;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type',
};

const FAULT_SHAPES = [
  "{ type: 'outage', seconds }",
  "{ type: 'next', count?, status: 400 | 429 | 500 | 503, code? }",
  "{ type: 'next', count?, timeoutMs }",
];

const DELIVERY_FAILURE_SHAPE = "{ to?: '+1...', count?, status?: 'undelivered' | 'failed', errorCode?: 30001-30999 }";

/** The request's JSON body, or undefined after answering 400. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  try {
    return JSON.parse((await readBody(req)) || 'null');
  } catch {
    sendJson(res, 400, { error: 'body must be JSON' }, CORS);
    return undefined;
  }
}

async function addDeliveryFailure(req: IncomingMessage, res: ServerResponse, failures: DeliveryFailures): Promise<void> {
  const json = await readJson(req, res);
  if (json === undefined) return;
  const parsed = deliveryFailureSchema.safeParse(json);
  if (!parsed.success) {
    return sendJson(res, 400, { error: 'invalid delivery failure', detail: z.prettifyError(parsed.error), expected: DELIVERY_FAILURE_SHAPE }, CORS);
  }
  sendJson(res, 201, { rules: failures.add(json as z.input<typeof deliveryFailureSchema>) }, CORS);
}

async function setQueueWait(req: IncomingMessage, res: ServerResponse, lifecycle: DeliveryLifecycle): Promise<void> {
  const json = await readJson(req, res);
  if (json === undefined) return;
  const parsed = queueWaitSchema.safeParse(json);
  if (!parsed.success) {
    return sendJson(res, 400, { error: 'invalid queue wait', detail: z.prettifyError(parsed.error), expected: '{ waitMs: 0-600000 }' }, CORS);
  }
  lifecycle.setQueueWait(parsed.data.waitMs);
  sendJson(res, 200, { waitMs: lifecycle.queueWait() }, CORS);
}

async function receive(req: IncomingMessage, res: ServerResponse, inbound: InboundContext): Promise<void> {
  const json = await readJson(req, res);
  if (json === undefined) return;
  const parsed = inboundSchema.safeParse(json);
  if (!parsed.success) {
    return sendJson(res, 400, { error: 'invalid inbound message', detail: z.prettifyError(parsed.error), expected: "{ from: '+1...', body, to?: '+1...' }" }, CORS);
  }
  sendJson(res, 200, await receiveInbound(inbound, parsed.data), CORS);
}

async function changeAccount(req: IncomingMessage, res: ServerResponse, context: ControlContext): Promise<void> {
  const json = await readJson(req, res);
  if (json === undefined) return;
  const parsed = accountPatchSchema.safeParse(json);
  if (!parsed.success) {
    return sendJson(res, 400, { error: 'invalid account change', detail: z.prettifyError(parsed.error), expected: ACCOUNT_PATCH_SHAPE }, CORS);
  }
  sendJson(res, 200, { account: context.setAccount(json as AccountPatch) }, CORS);
}

async function addFault(req: IncomingMessage, res: ServerResponse, faults: FaultController): Promise<void> {
  const json = await readJson(req, res);
  if (json === undefined) return;
  const parsed = faultSchema.safeParse(json);
  if (!parsed.success) {
    // zod reports a failed union only as "Invalid input", so spell out what would have fitted.
    return sendJson(res, 400, { error: 'invalid fault', detail: z.prettifyError(parsed.error), expected: FAULT_SHAPES }, CORS);
  }
  sendJson(res, 201, faults.add(parsed.data), CORS);
}

export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  context: ControlContext,
): Promise<void> {
  const route = `${req.method ?? 'GET'} ${url.pathname.replace(/\/+$/, '')}`;
  if (req.method === 'OPTIONS') return sendEmpty(res, 204, CORS);
  switch (route) {
    case 'GET /_emulator/messages': {
      const to = url.searchParams.get('to') ?? undefined;
      const phone = url.searchParams.get('phone') ?? undefined;
      return sendJson(res, 200, { messages: context.store.list({ to, phone }) }, CORS);
    }
    case 'POST /_emulator/reset':
      context.reset();
      return sendJson(res, 200, { ok: true }, CORS);
    case 'GET /_emulator/faults':
      return sendJson(res, 200, context.faults.state(), CORS);
    case 'POST /_emulator/faults':
      return addFault(req, res, context.faults);
    case 'DELETE /_emulator/faults':
      context.faults.clear();
      return sendJson(res, 200, context.faults.state(), CORS);
    case 'GET /_emulator/requests':
      return sendJson(res, 200, { requests: context.log.list() }, CORS);
    // Delivery outcomes: make the next N messages, or those to one phone, end undelivered/failed.
    case 'GET /_emulator/delivery-failures':
      return sendJson(res, 200, { rules: context.deliveryFailures.list() }, CORS);
    case 'POST /_emulator/delivery-failures':
      return addDeliveryFailure(req, res, context.deliveryFailures);
    case 'DELETE /_emulator/delivery-failures':
      context.deliveryFailures.clear();
      return sendJson(res, 200, { rules: [] }, CORS);
    // A backlog in Twilio's outgoing queue: each new message waits this long before it goes to
    // the carrier, and one whose ValidityPeriod passes meanwhile fails with 30036.
    case 'GET /_emulator/queue':
      return sendJson(res, 200, { waitMs: context.lifecycle.queueWait() }, CORS);
    case 'POST /_emulator/queue':
      return setQueueWait(req, res, context.lifecycle);
    case 'DELETE /_emulator/queue':
      context.lifecycle.setQueueWait(0);
      return sendJson(res, 200, { waitMs: 0 }, CORS);
    // A customer texts our number (STOP, START, HELP or anything): Twilio's handling, then the webhook.
    case 'POST /_emulator/inbound':
      return receive(req, res, context.inbound);
    case 'GET /_emulator/opt-outs':
      return sendJson(res, 200, { phones: context.optOuts.list() }, CORS);
    // The account's sending setup (number, Messaging Service, A2P campaign, toll-free verification).
    case 'GET /_emulator/account':
      return sendJson(res, 200, { account: context.account() }, CORS);
    case 'POST /_emulator/account':
      return changeAccount(req, res, context);
    case 'GET /_emulator/callbacks':
      return sendJson(res, 200, { callbacks: context.callbacks.list() }, CORS);
    default:
      return sendJson(res, 404, { error: `no control route ${route}` }, CORS);
  }
}
