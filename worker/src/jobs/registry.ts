import type { Db } from '@app/db/client';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import type { TwilioClient } from '../sms/twilio-client';
import { crmAssignOwnerJob } from './crm-assign-owner';
import { crmPullJob } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';
import { crmPushChangeRequestJob } from './crm-push-change-request';
import { crmPushSupportTicketJob } from './crm-push-support-ticket';
import { crmRecordSignupJob } from './crm-record-signup';
import { crmSweepJob } from './crm-sweep';
import { housekeepingPurgeJob } from './housekeeping-purge';
import type { JobDefinition } from './job';
import { smsSendJob } from './sms-send';

export interface JobDeps {
  db: Db;
  hubspot: HubSpotGateway;
  twilio: TwilioClient;
  smsFrom: string;
  /** How far before its cursor each CRM pull searches again (CRM_PULL_REREAD_MS); the job's default when absent. */
  crmPullRereadMs?: number;
}

/** Every job kind the worker runs; each lives in its own file under jobs/. */
export function createJobs(deps: JobDeps): JobDefinition[] {
  return [
    crmPushBookingJob({ db: deps.db, hubspot: deps.hubspot }),
    crmPushChangeRequestJob({ db: deps.db, hubspot: deps.hubspot }),
    crmPushSupportTicketJob({ db: deps.db, hubspot: deps.hubspot }),
    crmRecordSignupJob({ db: deps.db, hubspot: deps.hubspot }),
    crmPullJob({ db: deps.db, hubspot: deps.hubspot, ...(deps.crmPullRereadMs === undefined ? {} : { rereadMs: deps.crmPullRereadMs }) }),
    crmAssignOwnerJob({ db: deps.db, hubspot: deps.hubspot }),
    crmSweepJob({ db: deps.db, hubspot: deps.hubspot }),
    smsSendJob({ twilio: deps.twilio, from: deps.smsFrom }),
    housekeepingPurgeJob({ db: deps.db }),
  ] as JobDefinition[];
}
