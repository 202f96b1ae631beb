import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { badRequest, HubSpotError } from './errors';

export interface RouteContext {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw text instead of JSON (control pages: invoice link and PDF). */
  raw?: { contentType: string; data: string | Buffer };
}

export type Handler = (ctx: RouteContext) => Reply | Promise<Reply>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

/** A tiny path router: `/crm/v3/objects/:type/:id` style patterns, exact match, trailing slash optional. */
export class Router {
  private readonly routes: Route[] = [];

  on(method: string, path: string, handler: Handler): this {
    const keys: string[] = [];
    const source = path
      .replace(/\/$/, '')
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), keys, handler });
    return this;
  }

  /** The matching handler, or a 404/405 HubSpot-shaped error. */
  match(method: string, pathname: string): { handler: Handler; params: Record<string, string> } {
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((key, i) => {
        params[key] = decodeURIComponent(m[i + 1] ?? '');
      });
      return { handler: route.handler, params };
    }
    if (pathMatched) throw new HubSpotError(405, 'VALIDATION_ERROR', `Method ${method} not allowed on ${pathname}`);
    throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `No route for ${method} ${pathname}`);
  }
}

const MAX_BODY = 10 * 1024 * 1024;

/** Reads a JSON body; an empty body is undefined. Invalid JSON answers 400 like HubSpot. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) throw new HubSpotError(413, 'VALIDATION_ERROR', 'Request body too large');
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(`Invalid input JSON: ${(error as Error).message}`);
  }
}

/** Query parameters that HubSpot takes either repeated or comma-separated (`properties`, `associations`). */
export function listParam(query: URLSearchParams, name: string): string[] | undefined {
  const all = query.getAll(name);
  if (all.length === 0) return undefined;
  return all.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => v !== '');
}

export function boolParam(query: URLSearchParams, name: string): boolean {
  return query.get(name) === 'true';
}

export function intParam(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw badRequest(`${name} must be a non-negative integer`);
  return Math.min(n, max);
}

/** Validates a JSON body; the first problem answers 400 VALIDATION_ERROR like HubSpot's input checks. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badRequest(`Invalid input JSON on ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}
