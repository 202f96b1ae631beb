import type { Client } from '@hubspot/api-client';
import type { PropertyCreateFieldTypeEnum, PropertyCreateTypeEnum } from '@hubspot/api-client/lib/codegen/crm/properties/models/PropertyCreate.js';
import type { CrmObjectType, CrmOption, CrmPropertySpec } from '@app/shared/crm-schema';
import type { HubSpotCall } from '../hubspot-gateway';

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

/** The token's granted scopes, or why they could not be read. */
export type ScopesAnswer = { scopes: string[] } | { unreadable: string };

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
     * A private app's scopes, from HubSpot's access-token-info endpoint (the SDK has no call for
     * it). Service keys and other token kinds may not answer it: that is reported, not fatal.
     */
    async scopes(): Promise<ScopesAnswer> {
      try {
        const response = await fetch(`${options.basePath}/oauth/v2/private-apps/get/access-token-info`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.accessToken}` },
          body: JSON.stringify({ tokenKey: options.accessToken }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) return { unreadable: `HubSpot answered HTTP ${response.status}` };
        const body = (await response.json()) as { scopes?: unknown };
        return Array.isArray(body.scopes) ? { scopes: body.scopes.map(String) } : { unreadable: 'the answer listed no scopes' };
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
