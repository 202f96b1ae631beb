import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAccountRead } from './account-routes';
import { hasValidBasicAuth } from './basic-auth';
import { readBody, sendEmpty, sendJson } from './http-io';
import { listMessagesPage } from './list-page';
import { buildMessageResource } from './message-resource';
import type { DeliveryFailures } from './delivery-failures';
import type { DeliveryLifecycle } from './delivery-lifecycle';
import type { MessageStore } from './message-store';
import { registrationBlock, type MessagingAccount } from './messaging-account';
import type { OptOutList } from './opt-outs';
import type { RequestLogEntry } from './request-log';
import { authenticateError, methodNotAllowedError, notFoundError, twilioError, type TwilioError } from './twilio-errors';
import { isTwilioError, validateMessageRequest } from './validate-message';

export interface ApiContext {
  accountSid: string;
  authToken: string;
  store: MessageStore;
  deliveryFailures: DeliveryFailures;
  lifecycle: DeliveryLifecycle;
  optOuts: OptOutList;
  /** The account's number, Messaging Service, campaign and toll-free verification (read by sms:check). */
  account: () => MessagingAccount;
  now: () => Date;
}

const ACCOUNT_PATH = /^\/2010-04-01\/Accounts\/([^/.]+)(?:[/.]|$)/;
const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/;
const MESSAGE_PATH = /^\/2010-04-01\/Accounts\/[^/]+\/Messages\/([^/]+)\.json$/;

export function sendTwilioError(res: ServerResponse, error: TwilioError): void {
  const headers: Record<string, string> =
    error.status === 401 ? { 'www-authenticate': 'Basic realm="Twilio API"' } : {};
  sendJson(res, error.status, error.body, headers);
}

/** The create request's parameters for the request log: all but Body (the inbox shows the words). */
function loggedParams(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...params].filter(([name]) => name !== 'Body'));
}

async function createMessage(req: IncomingMessage, res: ServerResponse, context: ApiContext, entry: RequestLogEntry | undefined): Promise<void> {
  // The SDK always sends application/x-www-form-urlencoded; like Twilio, the emulator reads the
  // body as a form whatever the header says, so a JSON body simply lacks every parameter.
  const params = new URLSearchParams(await readBody(req));
  if (entry) entry.params = loggedParams(params);
  const request = validateMessageRequest(params);
  if (isTwilioError(request)) return sendTwilioError(res, request);
  // The recipient replied STOP to us: Twilio refuses every send until it replies START.
  if (context.optOuts.has(request.to)) return sendTwilioError(res, twilioError(400, 21610, 'Attempt to send to unsubscribed recipient'));
  const message = buildMessageResource(context.accountSid, request, context.now());
  context.store.add(message);
  sendJson(res, 201, message);
  // After the answer, as with Twilio: delivery (and its status callbacks) happens later. An
  // unregistered sender is accepted too, and fails then (30034, 30032), as Twilio does.
  const outcome = registrationBlock(context.account(), request, message.to) ?? context.deliveryFailures.outcomeFor(message.to);
  context.lifecycle.start(message, request.statusCallback, outcome, request.validityPeriod);
}

export async function handleTwilioApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  context: ApiContext,
  /** This call's request log entry, which a create fills in with its parameters. */
  entry?: RequestLogEntry,
): Promise<void> {
  // Twilio checks credentials before it looks at the path, so an unknown path with bad
  // credentials is a 401, not a 404.
  if (!hasValidBasicAuth(req.headers.authorization, context.accountSid, context.authToken)) {
    return sendTwilioError(res, authenticateError());
  }
  // Valid credentials used on another account's path: Twilio treats it as a credentials problem
  // (20003 lists "credentials scoped to the wrong account" among its causes).
  const pathAccount = ACCOUNT_PATH.exec(url.pathname)?.[1];
  if (pathAccount !== undefined && pathAccount !== context.accountSid) {
    return sendTwilioError(res, authenticateError());
  }

  const method = req.method ?? 'GET';
  if (MESSAGES_PATH.test(url.pathname)) {
    if (method === 'POST') return createMessage(req, res, context, entry);
    if (method === 'GET') return sendJson(res, 200, listMessagesPage(context.store, context.accountSid, url.searchParams));
    return sendTwilioError(res, methodNotAllowedError());
  }

  if (handleAccountRead(method, url, res, context, sendTwilioError)) return;

  const sid = MESSAGE_PATH.exec(url.pathname)?.[1];
  if (sid !== undefined) {
    const message = context.store.get(sid);
    if (!message) return sendTwilioError(res, notFoundError(url.pathname));
    if (method === 'GET') return sendJson(res, 200, message);
    if (method === 'DELETE') {
      context.store.remove(sid);
      return sendEmpty(res, 204);
    }
    return sendTwilioError(res, methodNotAllowedError());
  }

  sendTwilioError(res, notFoundError(url.pathname));
}
