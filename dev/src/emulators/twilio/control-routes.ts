import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { faultSchema, type FaultController } from './faults';
import { readBody, sendEmpty, sendJson } from './http-io';
import type { MessageStore } from './message-store';
import type { RequestLog } from './request-log';

// The emulator's own API under /_emulator/: no auth, JSON. The dev SMS inbox page reads it from
// the browser, hence the open CORS headers (the emulator only ever listens on loopback).

export interface ControlContext {
  store: MessageStore;
  faults: FaultController;
  log: RequestLog;
  reset(): void;
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

async function addFault(req: IncomingMessage, res: ServerResponse, faults: FaultController): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse((await readBody(req)) || 'null');
  } catch {
    return sendJson(res, 400, { error: 'body must be JSON' }, CORS);
  }
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
      return sendJson(res, 200, { messages: context.store.list({ to }) }, CORS);
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
    default:
      return sendJson(res, 404, { error: `no control route ${route}` }, CORS);
  }
}
