import type { Db } from '@app/db/client';
import type { Prisma } from '@app/db/generated/client';
import type { CommandToApply } from '../../crm/deal-command-repository';
import type { HubSpotGateway, Properties } from '../../crm/hubspot-gateway';
import type { NoticePolicy } from '../../crm/notice-rules';

/**
 * What one kind of staff command adds to the shared apply job (crm-apply-deal-command.ts), which
 * checks HubSpot for a conflict, updates the deal's watched fields, mirrors and notes it.
 */
export interface CommandKind {
  /** Deal properties the kind sets besides the watched fields (written with them). */
  properties?(command: CommandToApply): Properties;
  /**
   * HubSpot writes besides the deal's own, made after the conflict check and before the deal's
   * update, also when a retry finds the deal already updated: so each must be idempotent.
   */
  apply?(deps: { db: Db; hubspot: HubSpotGateway }, command: CommandToApply, dealHubspotId: string): Promise<void>;
  /** The note on the HubSpot deal once applied; `cleaner` is the name of the owner it sets. */
  note(command: CommandToApply, cleaner: string | null): string;
  /**
   * Written in the transaction that settles the command as applied, once (a retry that finds it
   * settled runs nothing): what becoming applied makes visible calls for (a quote's e-mail).
   */
  applied?(tx: Prisma.TransactionClient, command: CommandToApply, context: { policy: NoticePolicy; now: Date }): Promise<void>;
}
