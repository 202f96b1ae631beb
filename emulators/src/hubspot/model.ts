import type { FilesState } from './files';

/** The emulator's records, kept in memory and written to the state file as they are. */

export type PropertyValues = Record<string, string | null>;

export interface CrmObject {
  /** Numeric string, unique across all types (HubSpot ids are per type; ours never collide). */
  id: string;
  type: string;
  properties: PropertyValues;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
  /** Set when the record was merged into another: reads of this id answer that record. */
  mergedInto?: string;
}

export type AssociationCategory = 'HUBSPOT_DEFINED' | 'USER_DEFINED' | 'INTEGRATOR_DEFINED';

/** One direction of an association; the store always keeps both directions. */
export interface Association {
  fromType: string;
  fromId: string;
  toType: string;
  toId: string;
  typeId: number;
  category: AssociationCategory;
}

export interface Owner {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userId: number;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface PipelineStage {
  id: string;
  label: string;
  displayOrder: number;
  /** Deals: probability and isClosed; tickets: ticketState and isClosed (all strings, as HubSpot answers them). */
  metadata: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface Pipeline {
  id: string;
  label: string;
  displayOrder: number;
  stages: PipelineStage[];
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export type PropertyType = 'string' | 'number' | 'date' | 'datetime' | 'enumeration' | 'bool';

export interface PropertyOption {
  label: string;
  value: string;
  displayOrder: number;
  hidden: boolean;
  description?: string;
}

export interface PropertyDefinition {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: string;
  groupName: string;
  description: string;
  options: PropertyOption[];
  displayOrder: number;
  hasUniqueValue: boolean;
  hidden: boolean;
  formField: boolean;
  /** HubSpot's own property (not created through the API). */
  hubspotDefined: boolean;
  /** Only HubSpot sets the value (ids, timestamps, calculated values): API writes are refused. */
  readOnlyValue: boolean;
  /** The type and field type cannot change. */
  readOnlyDefinition: boolean;
  /** The options of a HubSpot-defined enumeration cannot change. */
  readOnlyOptions: boolean;
  calculated: boolean;
  /** Options come from elsewhere (pipelines, owners), not from `options`. */
  externalOptions: boolean;
  referencedObjectType?: string;
  showCurrencySymbol?: boolean;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
}

export interface PropertyGroup {
  name: string;
  label: string;
  displayOrder: number;
  archived: boolean;
}

export interface TypeSchema {
  groups: PropertyGroup[];
  properties: PropertyDefinition[];
}

export const STATE_VERSION = 2;

export interface StoreState {
  version: typeof STATE_VERSION;
  nextId: number;
  /** Next id for pipelines and stages created through the API (HubSpot's are numbers around 1.7e9). */
  nextConfigId: number;
  /** Last timestamp handed out; persisted so hs_lastmodifieddate never goes back after a restart. */
  clock: number;
  objects: Record<string, Record<string, CrmObject>>;
  associations: Association[];
  owners: Owner[];
  pipelines: Record<string, Pipeline[]>;
  /** Property groups and definitions per object type. */
  schema: Record<string, TypeSchema>;
  /** The file manager (files.ts); absent in files written before it. */
  files?: FilesState;
}
