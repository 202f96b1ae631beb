import type { PropertyDefinition } from './model';

/**
 * One value checked against its property definition, the way HubSpot's CRM object APIs check
 * it. Every value travels as a string; '' always clears the property. What is stored is the
 * form HubSpot answers on read: a date as YYYY-MM-DD, a datetime as ISO 8601 UTC with
 * milliseconds, anything else as sent.
 */

/** One entry of HubSpot's "Property values were not valid" list. */
export interface Problem {
  name: string;
  error: string;
  message: string;
}

export type Checked = { ok: true; value: string } | { ok: false; problem: Problem };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const fail = (name: string, error: string, message: string): Checked => ({ ok: false, problem: { name, error, message } });
const ok = (value: string): Checked => ({ ok: true, value });

/** Epoch ms of YYYY-MM-DD at midnight UTC, or NaN when it is not a calendar day. */
function dayToMs(value: string): number {
  const m = DAY.exec(value);
  if (!m) return NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : NaN;
}

function timeOfDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCHours()}:${d.getUTCMinutes()}:${d.getUTCSeconds()}.${d.getUTCMilliseconds()}`;
}

function checkDate(name: string, value: string): Checked {
  const day = dayToMs(value);
  if (Number.isFinite(day)) return ok(value);
  const ms = /^-?\d+$/.test(value) ? Number(value) : /T/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) return fail(name, 'INVALID_DATE', `${value} is not a valid date: use YYYY-MM-DD or epoch milliseconds at midnight UTC`);
  if (((ms % DAY_MS) + DAY_MS) % DAY_MS !== 0) return fail(name, 'INVALID_DATE', `${value} is at ${timeOfDay(ms)} UTC, not midnight!`);
  return ok(new Date(ms).toISOString().slice(0, 10));
}

function checkDatetime(name: string, value: string): Checked {
  const ms = /^-?\d+$/.test(value) ? Number(value) : Number.isFinite(dayToMs(value)) ? dayToMs(value) : /T/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) return fail(name, 'INVALID_DATE', `${value} is not a valid datetime: use ISO 8601 or epoch milliseconds`);
  return ok(new Date(ms).toISOString());
}

function checkOptions(definition: PropertyDefinition, value: string): Checked {
  const allowed = new Set(definition.options.map((o) => o.value));
  // Multiple checkboxes take several options joined with ';'; each must be an option.
  const parts = definition.fieldType === 'checkbox' ? value.split(';').filter((p) => p !== '') : [value];
  const bad = parts.find((p) => !allowed.has(p));
  if (bad === undefined) return ok(parts.join(';'));
  const listed = definition.options.map((o) => `${o.label} (${o.value})`).join(', ');
  return fail(definition.name, 'INVALID_OPTION', `${bad} was not one of the allowed options: [${listed}]`);
}

/** Checks one non-empty value (enumerations with external options are checked by the caller). */
export function checkValue(definition: PropertyDefinition, value: string): Checked {
  const { name, type } = definition;
  if (type !== 'string' && value !== value.trim()) {
    return fail(name, 'LEADING_TRAILING_WHITESPACE', `"${value}" includes leading or trailing whitespace.`);
  }
  switch (type) {
    case 'string':
      return value.length > 65_536 ? fail(name, 'INVALID_LENGTH', `${name} is longer than 65536 characters`) : ok(value);
    case 'number':
      return NUMBER.test(value) && Number.isFinite(Number(value)) ? ok(value) : fail(name, 'INVALID_NUMBER', `${value} was not a valid number.`);
    case 'bool':
      return value === 'true' || value === 'false' ? ok(value) : fail(name, 'INVALID_BOOLEAN', `${value} was not a valid boolean: use true or false`);
    case 'date':
      return checkDate(name, value);
    case 'datetime':
      return checkDatetime(name, value);
    case 'enumeration':
      return definition.externalOptions ? ok(value) : checkOptions(definition, value);
  }
}
