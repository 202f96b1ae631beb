import type { Middleware } from 'koa';
import { BODY_KEY_NOT_ALLOWED, TEXT_HAS_INVALID_CHARACTERS } from '@app/shared/texts';
import { AppError, errors } from '../errors';

/**
 * C0 controls but tab, line feed and carriage return; DEL; C1 controls. A NUL byte reached
 * Postgres as a 500 before; none of these belongs in a name, an address or a message.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not after a high one (code units, no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unfit = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text);
/** Keys that reach an object's prototype if a body is ever merged into an object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Refusal = { field: string; kind: 'text' | 'key' };

/** The first string with a control character or a lone surrogate, or forbidden key, by its path (e.g. address.street). */
function firstRefusal(value: unknown, path: string): Refusal | null {
  if (typeof value === 'string') return unfit(value) ? { field: path, kind: 'text' } : null;
  if (typeof value !== 'object' || value === null) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const childPath = path ? `${path}.${key}` : key;
    if (!Array.isArray(value) && FORBIDDEN_KEYS.has(key)) return { field: childPath, kind: 'key' };
    if (unfit(key)) return { field: childPath, kind: 'key' };
    const found = firstRefusal(child, childPath);
    if (found) return found;
  }
  return null;
}

/**
 * After the JSON body parser: a body with a control character or broken Unicode in any text,
 * or a prototype key, is refused with a 400 naming the field, before any route reads it. One
 * place for every form and endpoint, present and future.
 */
export function safeJson(): Middleware {
  return async (ctx, next) => {
    const body: unknown = (ctx.request as { body?: unknown }).body;
    if (body !== undefined && body !== null && typeof body === 'object') {
      const refusal = firstRefusal(body, '');
      if (refusal?.kind === 'text') throw errors.validation(refusal.field, TEXT_HAS_INVALID_CHARACTERS);
      if (refusal) throw new AppError(400, 'bad_request', BODY_KEY_NOT_ALLOWED, refusal.field);
    }
    await next();
  };
}
