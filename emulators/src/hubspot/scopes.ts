import { CRM_REQUIRED_SCOPES } from '@app/shared/crm-schema';
import { looksLikeDateVersion } from './date-versions';
import { ACTIVITY_TYPES, normalizeType } from './object-types';

/**
 * Private-app scopes. Each CRM endpoint accepts any one of a list of scopes (the `security`
 * lists of HubSpot's API reference), simplified here to the object types and routes we serve.
 */

/** A write scope comes with its read scope, as HubSpot's scope picker adds it. */
export function withImpliedScopes(scopes: readonly string[]): string[] {
  const all = new Set(scopes);
  for (const scope of scopes) if (scope.endsWith('.write')) all.add(`${scope.slice(0, -'.write'.length)}.read`);
  return [...all].sort();
}

/** What the emulated private app has unless told otherwise: everything the product needs. */
export const DEFAULT_SCOPES: readonly string[] = withImpliedScopes(CRM_REQUIRED_SCOPES);

interface Access {
  read: string[];
  write: string[];
}

/**
 * Records: reads need the type's read scope, writes its write scope (tickets: `tickets`;
 * commerce: also `e-commerce`; activities such as notes and tasks: the contacts scopes; e-mails
 * also take `sales-email-read`, which HubSpot's Emails spec lists on every operation, writes included).
 */
function objectAccess(type: string): Access {
  if (type === 'tickets') return { read: ['tickets'], write: ['tickets'] };
  if (type === 'emails') return { read: ['crm.objects.contacts.read', 'sales-email-read'], write: ['crm.objects.contacts.write', 'sales-email-read'] };
  if (ACTIVITY_TYPES.has(type)) return { read: ['crm.objects.contacts.read'], write: ['crm.objects.contacts.write'] };
  const name = ['contacts', 'companies', 'deals', 'line_items', 'products', 'invoices'].includes(type) ? type : 'custom';
  const commerce = type === 'line_items' || type === 'products' ? ['e-commerce'] : [];
  return { read: [`crm.objects.${name}.read`, ...commerce], write: [`crm.objects.${name}.write`, ...commerce] };
}

/** Properties and pipelines: readable with any access to the type, changeable with its schema write scope. */
function schemaAccess(type: string): Access {
  const objects = objectAccess(type);
  if (type === 'tickets') return { read: ['tickets', 'crm.schemas.tickets.read'], write: ['tickets', 'crm.schemas.tickets.write'] };
  if (type === 'line_items' || type === 'products') {
    return { read: [...new Set([...objects.read, ...objects.write, `crm.schemas.${type}.read`])], write: ['e-commerce'] };
  }
  const name = objects.read[0]!.split('.')[2];
  return { read: [...objects.read, ...objects.write, `crm.schemas.${name}.read`], write: [`crm.schemas.${name}.write`] };
}

/** Scopes of which the request needs one; undefined for paths no scope guards (unknown routes answer 404). */
export function requiredScopes(method: string, pathname: string): string[] | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  // Date versions put the version after the area (/crm/associations/2026-09/...): guarded like
  // the numbered version of the same area (associations as v4, objects, properties, pipelines and owners as v3).
  if (segments[3] !== undefined && looksLikeDateVersion(segments[3])) {
    const area = segments[2] ?? '';
    [segments[2], segments[3]] = [area === 'associations' ? 'v4' : 'v3', area];
  }
  const [, crm, version, area, first = '', ...rest] = segments;
  if (crm === 'files' && version === 'v3') return fileScopes(method);
  if (crm !== 'crm') return undefined;
  const isGet = method === 'GET';
  const batchRead = rest[0] === 'batch' && rest[1] === 'read';
  if (version === 'v3' && area === 'owners') return ['crm.objects.owners.read'];
  if (first === '') return undefined;
  const type = normalizeType(first);
  if (version === 'v3' && area === 'objects') {
    const access = objectAccess(type);
    return isGet || batchRead || rest[0] === 'search' ? access.read : access.write;
  }
  if (version === 'v3' && (area === 'properties' || area === 'pipelines')) {
    const access = schemaAccess(type);
    return isGet || batchRead ? access.read : access.write;
  }
  if (version === 'v4' && (area === 'objects' || area === 'associations')) {
    const access = objectAccess(type);
    return [...new Set([...access.read, ...access.write])];
  }
  return undefined;
}

/** The Files API v3: the `security` lists of HubSpot's Files spec (any one of them will do). */
function fileScopes(method: string): string[] {
  if (method === 'GET') return ['files', 'files.read', 'files.ui_hidden.read'];
  if (method === 'DELETE') return ['files.ui_hidden.write', 'files', 'files.delete'];
  return ['files.ui_hidden.write', 'files', 'files.write'];
}
