import type { ServerResponse } from 'node:http';
import {
  campaignResource,
  incomingPhoneNumberResource,
  MESSAGING_ORIGIN,
  serviceResource,
  servicePhoneNumberResource,
  tollfreeVerificationResource,
} from './account-resources';
import { sendJson } from './http-io';
import { accountPath } from './message-resource';
import { sameNumber } from './message-store';
import type { MessagingAccount } from './messaging-account';
import { methodNotAllowedError, notFoundError, type TwilioError } from './twilio-errors';

// Read-only answers for the account's sending setup (what `npm run sms:check` reads). Writes
// (creating services, adding senders, registering campaigns) are done in the Twilio Console; the
// emulator takes them through its control API instead and answers these paths' POST and DELETE
// with 405.

export interface AccountReadContext {
  accountSid: string;
  account: () => MessagingAccount;
}

const SERVICES = /^\/v1\/Services$/;
const SERVICE = /^\/v1\/Services\/([^/]+)$/;
const SERVICE_NUMBERS = /^\/v1\/Services\/([^/]+)\/PhoneNumbers$/;
const SERVICE_CAMPAIGNS = /^\/v1\/Services\/([^/]+)\/Compliance\/Usa2p$/;
const TOLLFREE_VERIFICATIONS = /^\/v1\/Tollfree\/Verifications$/;
const INCOMING_NUMBERS = /^\/2010-04-01\/Accounts\/[^/]+\/IncomingPhoneNumbers\.json$/;

function pageParams(query: URLSearchParams): { pageSize: number; page: number } {
  const size = Number.parseInt(query.get('PageSize') ?? '', 10);
  const page = Number.parseInt(query.get('Page') ?? '', 10);
  return { pageSize: Number.isNaN(size) ? 50 : Math.min(1000, Math.max(1, size)), page: Number.isNaN(page) ? 0 : Math.max(0, page) };
}

/** A Messaging v1 list page: `{ <key>: [...], meta: {...} }` with absolute URLs, as the SDK's Page reads it. */
function v1Page(key: string, path: string, query: URLSearchParams, all: unknown[]): Record<string, unknown> {
  const { pageSize, page } = pageParams(query);
  const pageUrl = (n: number) => {
    const params = new URLSearchParams(query);
    params.delete('PageToken');
    params.set('PageSize', String(pageSize));
    params.set('Page', String(n));
    return `${MESSAGING_ORIGIN}${path}?${params.toString()}`;
  };
  const items = all.slice(page * pageSize, (page + 1) * pageSize);
  return {
    [key]: items,
    meta: {
      page,
      page_size: pageSize,
      first_page_url: pageUrl(0),
      previous_page_url: page > 0 ? pageUrl(page - 1) : null,
      next_page_url: (page + 1) * pageSize < all.length ? pageUrl(page + 1) : null,
      key,
      url: pageUrl(page),
    },
  };
}

/** The 2010-04-01 list envelope (relative `*_uri`s). */
function v2010Page(key: string, path: string, query: URLSearchParams, all: unknown[]): Record<string, unknown> {
  const { pageSize, page } = pageParams(query);
  const pageUri = (n: number) => {
    const params = new URLSearchParams(query);
    params.delete('PageToken');
    params.set('PageSize', String(pageSize));
    params.set('Page', String(n));
    return `${path}?${params.toString()}`;
  };
  const items = all.slice(page * pageSize, (page + 1) * pageSize);
  const start = page * pageSize;
  return {
    end: items.length > 0 ? start + items.length - 1 : start,
    first_page_uri: pageUri(0),
    [key]: items,
    next_page_uri: (page + 1) * pageSize < all.length ? pageUri(page + 1) : null,
    page,
    page_size: pageSize,
    previous_page_uri: page > 0 ? pageUri(page - 1) : null,
    start,
    uri: pageUri(page),
  };
}

/** Answers the request when its path is one of the account reads; false otherwise. */
export function handleAccountRead(method: string, url: URL, res: ServerResponse, context: AccountReadContext, sendError: (res: ServerResponse, error: TwilioError) => void): boolean {
  const path = url.pathname;
  const known = [SERVICES, SERVICE, SERVICE_NUMBERS, SERVICE_CAMPAIGNS, TOLLFREE_VERIFICATIONS, INCOMING_NUMBERS].some((pattern) => pattern.test(path));
  if (!known) return false;
  if (method !== 'GET') {
    sendError(res, methodNotAllowedError());
    return true;
  }
  const account = context.account();
  const { accountSid } = context;
  // A service SID in the path that is not the account's service: Twilio's 20404.
  const service = (sid: string | undefined) => (account.service && sid === account.service.sid ? account.service : null);

  if (SERVICES.test(path)) {
    const services = account.service ? [serviceResource(accountSid, account, account.service)] : [];
    sendJson(res, 200, v1Page('services', path, url.searchParams, services));
    return true;
  }
  const serviceSid = (SERVICE.exec(path) ?? SERVICE_NUMBERS.exec(path) ?? SERVICE_CAMPAIGNS.exec(path))?.[1];
  if (serviceSid !== undefined) {
    const found = service(serviceSid);
    if (!found) {
      sendError(res, notFoundError(path.replace(/^\/v1/, '')));
      return true;
    }
    if (SERVICE.test(path)) sendJson(res, 200, serviceResource(accountSid, account, found));
    else if (SERVICE_NUMBERS.test(path)) {
      const numbers = found.holdsNumber ? [servicePhoneNumberResource(accountSid, account, found)] : [];
      sendJson(res, 200, v1Page('phone_numbers', path, url.searchParams, numbers));
    } else {
      const campaign = campaignResource(accountSid, account, found);
      sendJson(res, 200, v1Page('compliance', path, url.searchParams, campaign ? [campaign] : []));
    }
    return true;
  }
  if (TOLLFREE_VERIFICATIONS.test(path)) {
    const numberSid = url.searchParams.get('TollfreePhoneNumberSid');
    const status = url.searchParams.get('Status');
    const verification = tollfreeVerificationResource(accountSid, account);
    const matches = verification && (!numberSid || numberSid === verification.tollfree_phone_number_sid) && (!status || status === verification.status);
    sendJson(res, 200, v1Page('verifications', path, url.searchParams, matches ? [verification] : []));
    return true;
  }
  // IncomingPhoneNumbers.json, optionally filtered by PhoneNumber (an unencoded "+" arrives as a space).
  const wanted = url.searchParams.get('PhoneNumber');
  const numbers = !wanted || sameNumber(account.number.phoneNumber, wanted) ? [incomingPhoneNumberResource(accountSid, account)] : [];
  sendJson(res, 200, v2010Page('incoming_phone_numbers', `${accountPath(accountSid)}/IncomingPhoneNumbers.json`, url.searchParams, numbers));
  return true;
}
