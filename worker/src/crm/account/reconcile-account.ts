import {
  CRM_DEAL_STAGES,
  CRM_PROPERTIES,
  CRM_PROPERTY_GROUP,
  CRM_REQUIRED_SCOPES,
  CRM_TICKET_CATEGORIES,
  CRM_TICKET_STAGES,
  type CrmObjectType,
  type CrmOption,
  type CrmPropertySpec,
} from '@app/shared/crm-schema';
import type { AccountApi, AccountPipeline, AccountProperty, PipelineObjectType } from './account-api';
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
}

export interface ReconcileOptions {
  /** Create what is missing (crm:setup); false only reports (the worker's check, `crm:setup --check`). */
  apply: boolean;
  dealPipelineId: string;
  ticketPipelineId: string;
}

type Attempt = (subject: string, status: 'created' | 'updated', work: () => Promise<void>) => Promise<void>;

const BLOCKING: ReadonlySet<ReportItem['status']> = new Set(['missing', 'mismatch', 'failed']);

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Compares a HubSpot account with what the product needs (shared/src/crm-schema.ts) and, with
 * `apply`, creates what it lacks: our property group and properties, missing enumeration
 * options, missing ticket categories, missing deal and ticket stages (found by label). What it
 * cannot fix (a property of the wrong type, a missing pipeline, missing scopes) is reported.
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

  await checkScopes(api, items);

  const types = [...new Set(CRM_PROPERTIES.map((p) => p.objectType))];
  for (const type of types) {
    const existing = await api.properties(type);
    const wanted = CRM_PROPERTIES.filter((p) => p.objectType === type);
    const toCreate = wanted.filter((p) => !existing.has(p.name));
    if (toCreate.length > 0 && options.apply && !(await api.groups(type)).has(CRM_PROPERTY_GROUP.name)) {
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

  const category = (await api.properties('tickets')).get('hs_ticket_category');
  if (!category) items.push({ subject: 'tickets.hs_ticket_category', status: 'missing', detail: "HubSpot's own ticket category property" });
  else await checkOptions(api, 'tickets.hs_ticket_category', 'tickets', category, CRM_TICKET_CATEGORIES, options.apply, items, attempt);

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
  const problems = items.filter((i) => BLOCKING.has(i.status)).map((i) => `${i.subject}: ${i.status}${i.detail ? ` (${i.detail})` : ''}`);
  return { items, stageMap, ready: problems.length === 0 && stageMap !== null, problems };
}

async function checkScopes(api: AccountApi, items: ReportItem[]): Promise<void> {
  const answer = await api.scopes();
  if ('unreadable' in answer) {
    items.push({ subject: 'private app scopes', status: 'warning', detail: `could not be read (${answer.unreadable}); check them by hand: ${CRM_REQUIRED_SCOPES.join(', ')}` });
    return;
  }
  const granted = new Set(answer.scopes);
  const missing = CRM_REQUIRED_SCOPES.filter((s) => !granted.has(s));
  items.push(
    missing.length === 0
      ? { subject: 'private app scopes', status: 'found' }
      : { subject: 'private app scopes', status: 'missing', detail: `add to the private app: ${missing.join(', ')}` },
  );
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
  const pipeline = (await api.pipelines(type)).find((p) => p.id === pipelineId);
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
