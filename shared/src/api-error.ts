/**
 * The body of every error answer of the api (api/src/middleware/error-handler.ts writes it, the
 * web's api client reads it): the text to show, a stable code, and the field a validation names.
 * `success: false` and `message` (the same words as `error`) are there for a client written from
 * docs/product.md §7–8, which reads the success flag and shows the server's message.
 * A plain type, no schema: the web reads it in its public entry, where zod is not loaded.
 */
export interface ApiErrorBody {
  success: false;
  error: string;
  message: string;
  code: string;
  field?: string;
}

/** The one way an error answer's body is made. */
export function apiErrorBody(message: string, code: string, field?: string): ApiErrorBody {
  return { success: false, error: message, message, code, ...(field !== undefined ? { field } : {}) };
}
