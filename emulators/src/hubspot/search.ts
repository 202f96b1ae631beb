import { z } from 'zod';
import { badRequest } from './errors';
import type { CrmObject, PropertyType } from './model';

/** The type of a property of the searched object type (undefined when the account has none). */
export type PropertyTypeOf = (name: string) => PropertyType | undefined;

/** HubSpot's search never pages past this many results of one query. */
export const SEARCH_RESULT_CAP = 10_000;

const OPERATORS = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
] as const;

const scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String);

const filterSchema = z.object({
  propertyName: z.string().min(1),
  operator: z.enum(OPERATORS),
  value: scalar.optional(),
  highValue: scalar.optional(),
  values: z.array(scalar).optional(),
});
type Filter = z.output<typeof filterSchema>;

/** The SDK types sorts as strings; HubSpot also takes `{ propertyName, direction }`. */
const sortSchema = z.union([
  z.string().transform((s) => ({ propertyName: s.replace(/^-/, ''), direction: s.startsWith('-') ? 'DESCENDING' : 'ASCENDING' })),
  z.object({ propertyName: z.string(), direction: z.enum(['ASCENDING', 'DESCENDING']).default('ASCENDING') }),
]);

export const searchRequestSchema = z.object({
  filterGroups: z.array(z.object({ filters: z.array(filterSchema).max(6) })).max(5).default([]),
  sorts: z.array(sortSchema).max(1).default([]),
  query: z.string().optional(),
  properties: z.array(z.string()).optional(),
  limit: z.coerce.number().int().min(0).max(200).default(10),
  after: z.union([z.string(), z.number()]).transform(String).optional(),
});
export type SearchRequest = z.output<typeof searchRequestSchema>;

export function parseSearchRequest(body: unknown): SearchRequest {
  const parsed = searchRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`Invalid input JSON: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'bad search request'}`);
  }
  return parsed.data;
}

/** Epoch ms of a datetime written as epoch ms or ISO; NaN otherwise. */
function toMillis(value: string): number {
  return /^-?\d+$/.test(value) ? Number(value) : Date.parse(value);
}

/**
 * Orders two property values the way HubSpot does for the property's type: dates and
 * datetimes by instant (filters may give epoch ms or ISO), numbers as numbers, everything else
 * as case-insensitive text (numeric-looking text as numbers, e.g. ids).
 */
function compare(type: PropertyType | undefined, left: string, right: string): number {
  if (type === 'datetime' || type === 'date') {
    const a = toMillis(left);
    const b = toMillis(right);
    if (Number.isFinite(a) && Number.isFinite(b)) return a - b;
  }
  const a = Number(left);
  const b = Number(right);
  if (left.trim() !== '' && right.trim() !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  return left.toLowerCase().localeCompare(right.toLowerCase());
}

function valueOf(object: CrmObject, property: string): string | null {
  if (property === 'hs_object_id' || property === 'id') return object.id;
  const value = object.properties[property];
  return value === undefined || value === '' ? null : value;
}

function matches(object: CrmObject, filter: Filter, typeOf: PropertyTypeOf): boolean {
  const { propertyName: name, operator } = filter;
  const type = name === 'hs_object_id' || name === 'id' ? 'number' : typeOf(name);
  const actual = valueOf(object, name);
  if (operator === 'HAS_PROPERTY') return actual !== null;
  if (operator === 'NOT_HAS_PROPERTY') return actual === null;
  const needValue = (v: string | undefined): string => {
    if (v === undefined) throw badRequest(`filter on ${name} with ${operator} needs a value`);
    return v;
  };
  if (operator === 'IN' || operator === 'NOT_IN') {
    const values = filter.values ?? [];
    const found = actual !== null && values.some((v) => compare(type, actual, v) === 0);
    return operator === 'IN' ? found : !found;
  }
  if (operator === 'NEQ') return actual === null || compare(type, actual, needValue(filter.value)) !== 0;
  if (actual === null) return false;
  if (operator === 'CONTAINS_TOKEN' || operator === 'NOT_CONTAINS_TOKEN') {
    const token = needValue(filter.value).toLowerCase().replace(/\*/g, '');
    const has = actual.toLowerCase().includes(token);
    return operator === 'CONTAINS_TOKEN' ? has : !has;
  }
  const c = compare(type, actual, needValue(filter.value));
  switch (operator) {
    case 'EQ':
      return c === 0;
    case 'LT':
      return c < 0;
    case 'LTE':
      return c <= 0;
    case 'GT':
      return c > 0;
    case 'GTE':
      return c >= 0;
    case 'BETWEEN':
      return c >= 0 && compare(type, actual, needValue(filter.highValue)) <= 0;
  }
}

export interface SearchPage {
  total: number;
  results: CrmObject[];
  nextAfter?: string;
}

/**
 * OR between filter groups, AND inside a group; then sort, then an offset-style `after` like
 * HubSpot's, which refuses a page that reaches past the 10,000th result.
 */
export function search(objects: CrmObject[], request: SearchRequest, typeOf: PropertyTypeOf): SearchPage {
  const offset = request.after === undefined ? 0 : Number(request.after);
  if (!Number.isInteger(offset) || offset < 0) throw badRequest(`after must be a non-negative integer, got ${request.after}`);
  if (offset + request.limit > SEARCH_RESULT_CAP) {
    throw badRequest(`There was a problem with the request: search results are limited to ${SEARCH_RESULT_CAP} (after ${offset} + limit ${request.limit} goes past it); narrow the filters instead of paging further.`);
  }
  const groups = request.filterGroups.filter((g) => g.filters.length > 0);
  const query = request.query?.trim().toLowerCase();
  let hits = objects.filter(
    (o) =>
      (groups.length === 0 || groups.some((g) => g.filters.every((f) => matches(o, f, typeOf)))) &&
      (!query || Object.values(o.properties).some((v) => v?.toLowerCase().includes(query))),
  );
  const sort = request.sorts[0];
  if (sort) {
    const sign = sort.direction === 'DESCENDING' ? -1 : 1;
    hits = [...hits].sort((a, b) => {
      const x = valueOf(a, sort.propertyName);
      const y = valueOf(b, sort.propertyName);
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return sign * compare(typeOf(sort.propertyName), x, y) || Number(a.id) - Number(b.id);
    });
  }
  const results = hits.slice(offset, offset + request.limit);
  const next = offset + results.length;
  return { total: hits.length, results, ...(next < hits.length && results.length > 0 ? { nextAfter: String(next) } : {}) };
}
