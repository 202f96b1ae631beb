import {
  CRM_DEAL_STAGES,
  CRM_PROPERTIES,
  CRM_PROPERTY_GROUP,
  CRM_TICKET_CATEGORIES,
  CRM_TICKET_STAGES,
  type CrmObjectType,
  type CrmOption,
  type CrmPropertySpec,
} from '@app/shared/crm-schema';
import { HubSpotRefusedError } from '../hubspot-refused-error';
import type { AccountApi, AccountPipeline, AccountProperty, PipelineObjectType } from './account-api';
import { SCOPE_PROBES } from './scope-probes';
import type { StageMapData } from './stage-map';

/**
 * One line of the account report. `found`, `created` and `updated` are fine; `warning` is worth
 * reading but does not stop the product; `missing`, `mismatch` and `failed` do.
 */
export interface ReportItem {
  subject: string;
  status: 'found' | 'created' | 'updated' | 'warning' | 'missing' | 'mismatch' | 'failed';
  detail?: string;
}

export interface AccountReport {
  items: ReportItem[];
  /** Every stage found: the map the jobs translate with. Null while a stage or pipeline is missing. */
  stageMap: StageMapData | null;
  ready: boolean;
  /** The blocking items as sentences, for /readyz. */
  problems: string[];
  /** Required scopes the token was found to have (a later check need not try them again). */
  grantedScopes: string[];
}

export interface ReconcileOptions {
  /** Create what is missing (crm:setup); false only reports (the worker's check, `crm:setup --check`). */
  apply: boolean;
  dealPipelineId: string;
  ticketPipelineId: string;
  /**
   * Scopes an earlier check found: reported as found without trying them again (the worker's
   * rechecks while the account is not ready). Empty or unset: every scope is tried, and the
   * token-info endpoint asked.
   */
  knownScopes?: ReadonlySet<string>;
}

type Attempt = (subject: string, status: 'created' | 'updated', work: () => Promise<void>) => Promise<void>;

const BLOCKING: ReadonlySet<ReportItem['status']> = new Set(['missing', 'mismatch', 'failed']);

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Compares a HubSpot account with what the product needs (shared/src/crm-schema.ts) and, with
 * `apply`, creates what it lacks: our property group and properties, missing enumeration
 * options, missing ticket categories, missing deal and ticket stages (found by label). What it
 * cannot fix (a property of the wrong type, a missing pipeline, missing scopes) is reported.
 * Scopes are tried one request each, whatever the token is (scope-probes.ts); what the token
 * may not even read is reported as not checked, next to the scope it lacks.
 * Idempotent: a second run finds everything.
 */
export async function reconcileAccount(api: AccountApi, options: ReconcileOptions): Promise<AccountReport> {
  const items: ReportItem[] = [];
  const attempt: Attempt = async (subject, status, work) => {
    try {
      await work();
      items.push({ subject, status });
    } catch (error) {
      items.push({ subject, status: 'failed', detail: error instanceof Error ? error.message : String(error) });
    }
  };

  const scopes = await checkScopes(api, items, options.knownScopes ?? new Set());
  if (scopes === 'token refused') return finish(items, null, []);

  // Each object type's properties are read once (the ticket category below is one of them).
  const read = new Map<CrmObjectType, Map<string, AccountProperty> | null>();
  const propertiesOf = async (type: CrmObjectType) => {
    if (!read.has(type)) read.set(type, await unlessScopeMissing(items, `${type} properties`, () => api.properties(type)));
    return read.get(type) ?? null;
  };

  const types = [...new Set(CRM_PROPERTIES.map((p) => p.objectType))];
  for (const type of types) {
    const existing = await propertiesOf(type);
    if (!existing) continue;
    const wanted = CRM_PROPERTIES.filter((p) => p.objectType === type);
    const toCreate = wanted.filter((p) => !existing.has(p.name));
    if (toCreate.length > 0 && options.apply && !(await unlessScopeMissing(items, `${type} property groups`, () => api.groups(type)))?.has(CRM_PROPERTY_GROUP.name)) {
      await attempt(`${type} property group ${CRM_PROPERTY_GROUP.name}`, 'created', () => api.createGroup(type, CRM_PROPERTY_GROUP));
    }
    for (const spec of wanted) {
      const subject = `${type}.${spec.name}`;
      const found = existing.get(spec.name);
      if (!found) {
        if (options.apply) await attempt(subject, 'created', () => api.createProperty(spec, CRM_PROPERTY_GROUP.name));
        else items.push({ subject, status: 'missing', detail: `${spec.type} property` });
        continue;
      }
      const wrong = mismatchOf(spec, found);
      if (wrong) {
        items.push({ subject, status: 'mismatch', detail: wrong });
        continue;
      }
      if (spec.type === 'enumeration') await checkOptions(api, subject, type, found, spec.options, options.apply, items, attempt);
      else items.push({ subject, status: 'found' });
    }
  }

  // Unreadable ticket properties are already reported (not checked) above.
  const ticketProperties = await propertiesOf('tickets');
  if (ticketProperties) {
    const category = ticketProperties.get('hs_ticket_category');
    if (!category) items.push({ subject: 'tickets.hs_ticket_category', status: 'missing', detail: "HubSpot's own ticket category property" });
    else await checkOptions(api, 'tickets.hs_ticket_category', 'tickets', category, CRM_TICKET_CATEGORIES, options.apply, items, attempt);
  }

  const deals = await reconcileStages(api, 'deals', options.dealPipelineId, CRM_DEAL_STAGES, (s) => ({ probability: s.probability, isClosed: String(s.isClosed) }), options.apply, items);
  const tickets = await reconcileStages(api, 'tickets', options.ticketPipelineId, CRM_TICKET_STAGES, (s) => ({ ticketState: s.isClosed ? 'CLOSED' : 'OPEN' }), options.apply, items);

  const stageMap: StageMapData | null =
    deals && tickets
      ? {
          dealPipelineId: options.dealPipelineId,
          ticketPipelineId: options.ticketPipelineId,
          deals: deals.ids,
          tickets: tickets.ids,
          closedTicketStages: tickets.pipeline.stages.filter(isClosedTicketStage).map((s) => s.id),
        }
      : null;
  return finish(items, stageMap, scopes);
}

function finish(items: ReportItem[], stageMap: StageMapData | null, grantedScopes: string[]): AccountReport {
  const problems = items.filter((i) => BLOCKING.has(i.status)).map((i) => `${i.subject}: ${i.status}${i.detail ? ` (${i.detail})` : ''}`);
  return { items, stageMap, ready: problems.length === 0 && stageMap !== null, problems, grantedScopes };
}

/**
 * One row per required scope: found or missing, with what it gates. Returns the scopes found,
 * or 'token refused' when HubSpot does not accept the token at all (nothing else can be checked).
 * The token-info endpoint (legacy private apps only) adds a `token` row; it decides nothing.
 */
async function checkScopes(api: AccountApi, items: ReportItem[], known: ReadonlySet<string>): Promise<string[] | 'token refused'> {
  const granted: string[] = [];
  const rows: ReportItem[] = [];
  for (const probe of SCOPE_PROBES) {
    const subject = `scope ${probe.scope}`;
    if (known.has(probe.scope)) {
      granted.push(probe.scope);
      rows.push({ subject, status: 'found', detail: probe.gates });
      continue;
    }
    const answer = await api.probe(probe.scope, probe.request);
    if (answer.outcome === 'granted') {
      granted.push(probe.scope);
      rows.push({ subject, status: 'found', detail: probe.gates });
    } else if (answer.outcome === 'missing') {
      rows.push({ subject, status: 'missing', detail: `${probe.gates}: add ${probe.scope} to the service key (or private app)` });
    } else if (answer.status === 401) {
      items.push({ subject: 'token', status: 'failed', detail: `HubSpot does not accept HUBSPOT_ACCESS_TOKEN (${answer.reason}): use the service key's token` });
      return 'token refused';
    } else {
      rows.push({ subject, status: 'failed', detail: `${probe.gates}: ${answer.reason}` });
    }
  }
  if (known.size === 0) items.push(tokenRow(await api.tokenInfo(), granted));
  items.push(...rows);
  return granted;
}

function tokenRow(info: Awaited<ReturnType<AccountApi['tokenInfo']>>, granted: readonly string[]): ReportItem {
  if ('unknown' in info) {
    return { subject: 'token', status: 'found', detail: `not a legacy private app (a service key, say): HubSpot lists no scopes for it (${info.unknown}), so each was tried` };
  }
  if ('unreadable' in info) return { subject: 'token', status: 'found', detail: `HubSpot's token-info could not be asked (${info.unreadable}); each scope was tried` };
  const listed = new Set(info.scopes);
  const disagree = SCOPE_PROBES.map((p) => p.scope).filter((scope) => listed.has(scope) !== granted.includes(scope));
  const app = `legacy private app${info.appId === null ? '' : ` ${info.appId}`}`;
  return {
    subject: 'token',
    status: 'found',
    detail:
      disagree.length === 0
        ? `${app}: HubSpot's list of its scopes agrees with the tries`
        : `${app}: HubSpot lists its scopes, the tries differ on ${disagree.join(', ')} (the tries count)`,
  };
}

/** A read the token may not make: reported as not checked (the scope rows say what is missing), instead of failing the whole check. */
async function unlessScopeMissing<T>(items: ReportItem[], subject: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof HubSpotRefusedError && error.missingScopes)) throw error;
    items.push({ subject, status: 'warning', detail: `not checked: the token lacks ${error.requiredScopes.join(' or ') || 'a scope'}` });
    return null;
  }
}

/** Why an existing property cannot serve (HubSpot lets neither the type nor uniqueness change), or null. */
function mismatchOf(spec: CrmPropertySpec, found: AccountProperty): string | null {
  if (found.type !== spec.type) return `is ${found.type}, the product needs ${spec.type}: archive it in HubSpot and run crm:setup again`;
  if (spec.hasUniqueValue && !found.hasUniqueValue) return 'exists without unique values: archive it in HubSpot and run crm:setup again';
  return null;
}

/** Enumeration options the product writes; missing ones are added (HubSpot replaces the whole list, so existing ones are kept). */
async function checkOptions(
  api: AccountApi,
  subject: string,
  type: CrmObjectType,
  found: AccountProperty,
  wanted: readonly CrmOption[],
  apply: boolean,
  items: ReportItem[],
  attempt: Attempt,
): Promise<void> {
  const have = new Set(found.options.map((o) => o.value));
  const missing = wanted.filter((o) => !have.has(o.value));
  const values = missing.map((o) => o.value).join(', ');
  if (missing.length === 0) items.push({ subject, status: 'found' });
  else if (apply) await attempt(`${subject} options ${values}`, 'updated', () => api.setOptions(type, found.name, [...found.options, ...missing]));
  else items.push({ subject, status: 'missing', detail: `options ${values}` });
}

function isClosedTicketStage(stage: { metadata: Record<string, string> }): boolean {
  return stage.metadata.ticketState === 'CLOSED' || stage.metadata.isClosed === 'true';
}

async function reconcileStages<S extends { key: string; label: string }>(
  api: AccountApi,
  type: PipelineObjectType,
  pipelineId: string,
  wanted: readonly S[],
  metadataOf: (stage: S) => Record<string, string>,
  apply: boolean,
  items: ReportItem[],
): Promise<{ ids: Record<string, string>; pipeline: AccountPipeline } | null> {
  const pipelines = await unlessScopeMissing(items, `${type} pipelines`, () => api.pipelines(type));
  if (!pipelines) return null;
  const pipeline = pipelines.find((p) => p.id === pipelineId);
  if (!pipeline) {
    items.push({ subject: `${type} pipeline ${pipelineId}`, status: 'missing', detail: 'no such pipeline in the account: set the pipeline id in the configuration' });
    return null;
  }
  const ids: Record<string, string> = {};
  let complete = true;
  let order = pipeline.stages.length;
  for (const stage of wanted) {
    const subject = `${type} stage "${stage.label}"`;
    const found = pipeline.stages.find((s) => sameLabel(s.label, stage.label));
    if (found) {
      ids[stage.key] = found.id;
      items.push({ subject, status: 'found', detail: `id ${found.id}` });
      continue;
    }
    if (!apply) {
      items.push({ subject, status: 'missing', detail: `in pipeline ${pipeline.label} (${pipeline.id})` });
      complete = false;
      continue;
    }
    try {
      const created = await api.createStage(type, pipeline.id, { label: stage.label, displayOrder: order++, metadata: metadataOf(stage) });
      pipeline.stages.push(created);
      ids[stage.key] = created.id;
      items.push({ subject, status: 'created', detail: `id ${created.id}` });
    } catch (error) {
      items.push({ subject, status: 'failed', detail: error instanceof Error ? error.message : String(error) });
      complete = false;
    }
  }
  return complete ? { ids, pipeline } : null;
}
