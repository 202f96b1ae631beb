/**
 * The body of every error answer of the api (api/src/middleware/error-handler.ts writes it, the
 * web's api client reads it): the text to show, a stable code, and the field a validation names.
 * A plain type, no schema: the web reads it in its public entry, where zod is not loaded.
 */
export interface ApiErrorBody {
  error: string;
  code: string;
  field?: string;
}
