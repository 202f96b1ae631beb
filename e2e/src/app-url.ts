import { inject } from 'vitest';

/** Absolute URL of a path on the app under test (base URL provided by the e2e globalSetup). */
export function appUrl(path: string): string {
  return new URL(path, inject('baseUrl')).href;
}
