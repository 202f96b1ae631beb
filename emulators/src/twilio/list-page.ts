import { accountPath, type TwilioMessageResource } from './message-resource';
import type { MessageStore } from './message-store';

// Twilio's paging envelope for Messages.json. The SDK's list() follows next_page_uri (a path it
// makes absolute against api.twilio.com, which the worker's client rewrites back to us), so the
// envelope has to be right for `messages.list()` to work at all.

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

export interface MessagePage {
  end: number;
  first_page_uri: string;
  next_page_uri: string | null;
  page: number;
  page_size: number;
  previous_page_uri: string | null;
  messages: TwilioMessageResource[];
  start: number;
  uri: string;
}

function intParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const value = Number.parseInt(query.get(name) ?? '', 10);
  return Number.isNaN(value) ? fallback : Math.min(max, Math.max(min, value));
}

export function listMessagesPage(store: MessageStore, accountSid: string, query: URLSearchParams): MessagePage {
  const to = query.get('To') ?? undefined;
  const from = query.get('From') ?? undefined;
  const pageSize = intParam(query, 'PageSize', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const page = intParam(query, 'Page', 0, 0, Number.MAX_SAFE_INTEGER);
  const token = query.get('PageToken');
  const all = store.list({ to, from });

  // Like Twilio, the page token names the last message already seen ("PA" + its sid), so messages
  // arriving while a client pages through do not shift what the next page holds.
  let offset = page * pageSize;
  if (token?.startsWith('PA')) {
    const seen = all.findIndex((message) => message.sid === token.slice(2));
    offset = seen < 0 ? all.length : seen + 1;
  }
  const messages = all.slice(offset, offset + pageSize);
  const last = messages.at(-1);

  const pageUri = (pageNumber: number, pageToken?: string): string => {
    const params = new URLSearchParams();
    if (to) params.set('To', to);
    if (from) params.set('From', from);
    params.set('PageSize', String(pageSize));
    params.set('Page', String(pageNumber));
    if (pageToken) params.set('PageToken', pageToken);
    return `${accountPath(accountSid)}/Messages.json?${params.toString()}`;
  };

  const start = page * pageSize;
  return {
    end: messages.length > 0 ? start + messages.length - 1 : start,
    first_page_uri: pageUri(0),
    next_page_uri: last && offset + pageSize < all.length ? pageUri(page + 1, `PA${last.sid}`) : null,
    page,
    page_size: pageSize,
    previous_page_uri: page > 0 ? pageUri(page - 1) : null,
    messages,
    start,
    uri: pageUri(page, token ?? undefined),
  };
}
