/** A staff API answered with an error status; 401/403 mean "not signed in as staff". */
export class StaffHttpError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`GET ${path} answered ${status}`);
    this.name = 'StaffHttpError';
  }
}

export const isSignedOut = (error: unknown): boolean =>
  error instanceof StaffHttpError && (error.status === 401 || error.status === 403);

/** GET a staff API as JSON (the session cookie goes along: same origin). */
export async function getStaffJson(path: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new StaffHttpError(path, response.status);
  return response.json();
}
