import type { Client } from '@hubspot/api-client';
import type { PropertyCreateFieldTypeEnum, PropertyCreateTypeEnum } from '@hubspot/api-client/lib/codegen/crm/properties/models/PropertyCreate.js';
import type { CrmObjectType, CrmOption, CrmPropertySpec } from '@app/shared/crm-schema';
import type { HubSpotCall } from '../hubspot-gateway';
import { HubSpotRefusedError } from '../hubspot-refused-error';
import type { ScopeProbeRequest } from './scope-probes';

/** What the account check reads of a property. */
export interface AccountProperty {
  name: string;
  type: string;
  fieldType: string;
  hasUniqueValue: boolean;
  groupName: string;
  options: CrmOption[];
}

export interface AccountStage {
  id: string;
  label: string;
  metadata: Record<string, string>;
}

export interface AccountPipeline {
  id: string;
  label: string;
  stages: AccountStage[];
}

export type PipelineObjectType = 'deals' | 'tickets';

/**
 * A legacy private app's id and scopes, as HubSpot's token-info endpoint lists them; `unknown`
 * when HubSpot answered that it lists none for this token (a service key, say); `unreadable`
 * when it could not be asked.
 */
export type TokenInfoAnswer = { appId: number | null; scopes: string[] } | { unknown: string } | { unreadable: string };

/**
 * What a scope probe learnt: HubSpot let the request past its scope check (`granted`), refused
 * it for a missing scope (naming the scopes any one of which would do), or refused it otherwise
 * (`refused`: a 401 is a token HubSpot does not accept at all).
 */
export type ProbeAnswer =
  | { outcome: 'granted' }
  | { outcome: 'missing'; requiredScopes: readonly string[] }
  | { outcome: 'refused'; status: number; reason: string };

/**
 * The HubSpot configuration calls (properties, groups, pipelines, token scopes) that the account
 * check and `crm:setup` make. Every call takes a slot of the shared request budget.
 */
export function createAccountApi(options: { client: Client; call: HubSpotCall; accessToken: string; basePath: string; timeoutMs: number }) {
  const { client, call } = options;
  return {
    async properties(type: CrmObjectType | 'tickets'): Promise<Map<string, AccountProperty>> {
      const response = await call(`read ${type} properties`, () => client.crm.properties.coreApi.getAll(type));
      return new Map(
        response.results.map((p) => [
          p.name,
          {
            name: p.name,
            type: p.type,
            fieldType: p.fieldType,
            hasUniqueValue: p.hasUniqueValue ?? false,
            groupName: p.groupName,
            options: (p.options ?? []).map((o) => ({ label: o.label, value: o.value })),
          },
        ]),
      );
    },

    async groups(type: CrmObjectType): Promise<Set<string>> {
      const response = await call(`read ${type} property groups`, () => client.crm.properties.groupsApi.getAll(type));
      return new Set(response.results.map((g) => g.name));
    },

    async createGroup(type: CrmObjectType, group: { name: string; label: string }): Promise<void> {
      await call(`create ${type} property group ${group.name}`, () => client.crm.properties.groupsApi.create(type, { ...group, displayOrder: -1 }));
    },

    async createProperty(spec: CrmPropertySpec, groupName: string): Promise<void> {
      await call(`create ${spec.objectType} property ${spec.name}`, () =>
        client.crm.properties.coreApi.create(spec.objectType, {
          name: spec.name,
          label: spec.label,
          description: spec.description,
          groupName,
          type: spec.type as PropertyCreateTypeEnum,
          fieldType: spec.fieldType as PropertyCreateFieldTypeEnum,
          hasUniqueValue: spec.hasUniqueValue ?? false,
          formField: false,
          ...(spec.type === 'enumeration' ? { options: optionInputs(spec.options) } : {}),
        }),
      );
    },

    /** HubSpot replaces a property's whole option list: pass the existing options with the new ones. */
    async setOptions(type: CrmObjectType, name: string, options: readonly CrmOption[]): Promise<void> {
      await call(`update ${type} property ${name} options`, () => client.crm.properties.coreApi.update(type, name, { options: optionInputs(options) }));
    },

    async pipelines(type: PipelineObjectType): Promise<AccountPipeline[]> {
      const response = await call(`read ${type} pipelines`, () => client.crm.pipelines.pipelinesApi.getAll(type));
      return response.results.map((p) => ({
        id: p.id,
        label: p.label,
        stages: p.stages.map((s) => ({ id: s.id, label: s.label, metadata: { ...(s.metadata ?? {}) } })),
      }));
    },

    async createStage(type: PipelineObjectType, pipelineId: string, stage: { label: string; displayOrder: number; metadata: Record<string, string> }): Promise<AccountStage> {
      const created = await call(`create ${type} stage ${stage.label}`, () => client.crm.pipelines.pipelineStagesApi.create(type, pipelineId, stage));
      return { id: created.id, label: created.label, metadata: { ...(created.metadata ?? {}) } };
    },

    /**
     * One request that needs a scope and changes nothing (see scope-probes.ts). HubSpot checks
     * scopes before it reads a body: any answer but 401/403 means the request got past them
     * (an empty batch answers empty; a validation error is HubSpot reading the body).
     */
    async probe(scope: string, request: ScopeProbeRequest): Promise<ProbeAnswer> {
      try {
        await call(`try scope ${scope}`, (): Promise<unknown> => {
          switch (request.kind) {
            case 'read-one':
              return client.crm.objects.basicApi.getPage(request.objectType, 1);
            case 'read-owner':
              return client.crm.owners.ownersApi.getPage(undefined, undefined, 1);
            case 'empty-update':
              return client.crm.objects.batchApi.update(request.objectType, { inputs: [] });
            case 'empty-property-create':
              return client.crm.properties.batchApi.create(request.objectType, { inputs: [] });
            case 'read-files':
              return client.files.filesApi.doSearch(undefined, undefined, undefined, 1);
          }
        });
        return { outcome: 'granted' };
      } catch (error) {
        if (!(error instanceof HubSpotRefusedError)) throw error;
        if (error.missingScopes) return { outcome: 'missing', requiredScopes: error.requiredScopes };
        if (error.status === 401 || error.status === 403) return { outcome: 'refused', status: error.status, reason: error.message };
        return { outcome: 'granted' };
      }
    },

    /**
     * A legacy private app's scopes, from HubSpot's access-token-info endpoint (the SDK has no
     * call for it). HubSpot documents it for private apps only; a service key (or any other
     * token kind) gets no list: that is reported, not fatal. Extra information only: the probes
     * decide whether a scope is there.
     */
    async tokenInfo(): Promise<TokenInfoAnswer> {
      try {
        const answer = await call('read token info', async () => {
          const response = await fetch(`${options.basePath}/oauth/v2/private-apps/get/access-token-info`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ tokenKey: options.accessToken }),
            signal: AbortSignal.timeout(options.timeoutMs),
          });
          return { status: response.status, body: (await response.json().catch(() => null)) as { scopes?: unknown; appId?: unknown } | null };
        });
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) return { unknown: `HubSpot answered HTTP ${answer.status}` };
        if (answer.status !== 200) return { unreadable: `HubSpot answered HTTP ${answer.status}` };
        const scopes = answer.body?.scopes;
        if (!Array.isArray(scopes)) return { unreadable: 'the answer listed no scopes' };
        return { appId: typeof answer.body?.appId === 'number' ? answer.body.appId : null, scopes: scopes.map(String) };
      } catch (error) {
        return { unreadable: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

function optionInputs(options: readonly CrmOption[]) {
  return options.map((o, displayOrder) => ({ label: o.label, value: o.value, displayOrder, hidden: false }));
}
