import { expect } from 'vitest';

/**
 * A call that succeeded, as a client written from docs/product.md reads it: any 2xx, and the body
 * (null when there is none). A refusal fails the test with the api's answer, to say which field
 * of the payload it refused.
 */
export async function expectAnswer<T>(res: Response): Promise<T> {
  const text = await res.text();
  expect(res.ok, `answered ${res.status}: ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A refused call as such a client reads it (§7, §8): not a success, and `success: false` with the
 * server's message to show. Nothing else of the body is read: its other fields, and the status,
 * are ours (docs/api.md).
 */
export async function expectRefusal(res: Response): Promise<{ success: unknown; message: unknown; error?: unknown }> {
  const text = await res.text();
  expect(res.ok, `answered ${res.status}: ${text}`).toBe(false);
  const body = JSON.parse(text) as { success: unknown; message: unknown; error?: unknown };
  expect(body.success, text).toBe(false);
  expect(typeof body.message, text).toBe('string');
  expect(String(body.message).trim()).not.toBe('');
  return body;
}
