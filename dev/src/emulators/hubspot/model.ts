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
  metadata: Record<string, string>;
}

export interface Pipeline {
  id: string;
  label: string;
  displayOrder: number;
  stages: PipelineStage[];
}

export interface StoreState {
  version: 1;
  nextId: number;
  /** Last timestamp handed out; persisted so hs_lastmodifieddate never goes back after a restart. */
  clock: number;
  objects: Record<string, Record<string, CrmObject>>;
  associations: Association[];
  owners: Owner[];
  pipelines: Record<string, Pipeline[]>;
}
