/**
 * Reading HubSpot's batch answers input by input. A batch write can answer 200/201 with a result
 * per input, or 207 (multi-status) with results for some inputs and `errors` for the others; the
 * SDK does not throw on 207. So an input counts as written only when a result names it, and
 * every other input is a failure of its own (never silently dropped).
 */

/** One input HubSpot did not write, with its reason. */
export interface InputFailure {
  message: string;
  /** Retrying cannot fix it (HubSpot refused the values): its job should fail visibly. */
  permanent: boolean;
}

/** Key (our id, or a contact's e-mail) → HubSpot id for the written inputs, and the failures. */
export interface WriteOutcome {
  ids: Map<string, string>;
  failures: Map<string, InputFailure>;
}

export const emptyOutcome = (): WriteOutcome => ({ ids: new Map(), failures: new Map() });

export function mergeOutcomes(into: WriteOutcome, from: WriteOutcome): WriteOutcome {
  for (const [key, id] of from.ids) into.ids.set(key, id);
  for (const [key, failure] of from.failures) if (!into.ids.has(key)) into.failures.set(key, failure);
  return into;
}

/** The per-input error shape HubSpot answers in a batch's `errors` (every field optional in practice). */
export interface BatchError {
  category?: string;
  message?: string;
  context?: Record<string, string[] | undefined>;
}

// Categories that mean "these values are refused": resending them can only fail again.
const PERMANENT_CATEGORIES = new Set(['VALIDATION_ERROR', 'INVALID_EMAIL', 'PROPERTY_DOESNT_EXIST', 'INVALID_OPTION', 'MISSING_SCOPES', 'OBJECT_NOT_FOUND']);

export const isConflict = (error: BatchError): boolean =>
  error.category === 'CONFLICT' || /already exists/i.test(error.message ?? '');

export function failureOf(error: BatchError): InputFailure {
  const category = error.category ?? 'UNKNOWN';
  return { message: `${category}: ${error.message ?? 'no message'}`, permanent: PERMANENT_CATEGORIES.has(category) };
}

/** The input keys an error names: the trace id we sent, or the ids of an upsert/read. */
export function keysOfError(error: BatchError): string[] {
  const context = error.context ?? {};
  return [...(context.objectWriteTraceId ?? []), ...(context.ids ?? []), ...(context.id ?? [])];
}

/**
 * Sorts a batch answer: results matched to inputs by `keyOfResult`, errors by the keys they
 * name. When one input is left over and one error names nobody, that error is its; any other
 * input left over gets a retryable failure (HubSpot did not say what became of it).
 */
export function sortBatchAnswer<R>(
  keys: readonly string[],
  results: readonly R[],
  errors: readonly BatchError[],
  keyOfResult: (result: R) => string | undefined,
  idOfResult: (result: R) => string,
): WriteOutcome & { conflicts: Set<string> } {
  const outcome = { ...emptyOutcome(), conflicts: new Set<string>() };
  const wanted = new Set(keys);
  for (const result of results) {
    const key = keyOfResult(result);
    if (key !== undefined && wanted.has(key)) outcome.ids.set(key, idOfResult(result));
  }
  const settle = (key: string, error: BatchError) => {
    if (isConflict(error)) outcome.conflicts.add(key);
    else outcome.failures.set(key, failureOf(error));
  };
  const unnamed: BatchError[] = [];
  for (const error of errors) {
    const named = keysOfError(error).filter((k) => wanted.has(k) && !outcome.ids.has(k));
    if (named.length === 0) unnamed.push(error);
    for (const key of named) settle(key, error);
  }
  const leftOver = keys.filter((k) => !outcome.ids.has(k) && !outcome.failures.has(k) && !outcome.conflicts.has(k));
  const [onlyKey] = leftOver;
  const [onlyError] = unnamed;
  if (leftOver.length === 1 && unnamed.length === 1 && onlyKey !== undefined && onlyError) {
    settle(onlyKey, onlyError);
    return outcome;
  }
  const said = unnamed.map((e) => failureOf(e).message).join(' | ');
  for (const key of leftOver) {
    outcome.failures.set(key, { message: `HubSpot answered without a result for this input${said ? ` (${said})` : ''}`, permanent: false });
  }
  return outcome;
}
