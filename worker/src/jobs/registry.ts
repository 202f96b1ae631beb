import type { Db } from '@app/db/client';
import type { CrmAccount } from '../crm/account/crm-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import type { NoticePolicy } from '../crm/notice-rules';
import type { TwilioClient } from '../sms/twilio-client';
import { crmApplyDealCommandJob } from './crm-apply-deal-command';
import { crmApplyQuoteAnswerJob } from './crm-apply-quote-answer';
import { crmAttachClaimPhotoJob } from './crm-attach-claim-photo';
import { crmAttachPhotoJob } from './crm-attach-photo';
import { crmAssignOwnerJob } from './crm-assign-owner';
import { crmLogEmailJob } from './crm-log-email';
import { crmMakeInvoiceJob } from './crm-make-invoice';
import { crmLogTextReceivedJob, crmLogTextSentJob } from './crm-log-text';
import { crmNotePortalConfirmedJob } from './crm-note-portal-confirmed';
import { crmPullJob } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';
import { crmPushChangeRequestJob } from './crm-push-change-request';
import { crmPushSupportTicketJob } from './crm-push-support-ticket';
import { crmRecordSignupJob } from './crm-record-signup';
import { crmSweepJob } from './crm-sweep';
import { housekeepingPurgeJob } from './housekeeping-purge';
import { plansMakeVisitsJob } from './plans-make-visits';
import type { JobDefinition } from './job';
import { smsSendJob } from './sms-send';
import { emailSendJob, type EmailSendDeps } from '../email/email-send';
import { replyNumberOf } from '@app/shared/phone';

export interface JobDeps {
  db: Db;
  hubspot: HubSpotGateway;
  account: CrmAccount;
  twilio: TwilioClient;
  smsFrom: string;
  /** OTP_SECRET: login codes' texts are written from their challenge under it. */
  otpSecret: string;
  /** Where customers sign in (PUBLIC_URL + /login): the link in their texts. */
  portalUrl: string;
  /** The api's status-callback URL Twilio reports delivery to; unset: no delivery tracking. */
  smsStatusCallbackUrl?: string | undefined;
  /** How far before its cursor each CRM pull searches again (CRM_PULL_REREAD_MS); the job's default when absent. */
  crmPullRereadMs?: number;
  /** Which customer texts are sent and when reminders go out (CUSTOMER_TEXTS_OFF, REMINDER_LEAD_HOURS); every kind, a day ahead, when absent. */
  notices?: NoticePolicy;
  /** In how many runs the sweep checks the whole mirror (a slice each run); 1 when absent. */
  sweepRunsPerPass?: number;
  /** Recurring plans: how many weeks of visits are kept made ahead (PLAN_HORIZON_WEEKS), and the company's closed days. */
  plans?: { horizonWeeks: number; closedDays: readonly string[] };
  /** The mail provider and the e-mails' sender and footer; absent: no e-mail job (tests of other queues). */
  email?: Pick<EmailSendDeps, 'transport' | 'from' | 'company' | 'publicUrl'>;
}

export const DEFAULT_PLAN_HORIZON_WEEKS = 8;

/** Every job kind the worker runs; each lives in its own file under jobs/. */
export function createJobs(deps: JobDeps): JobDefinition[] {
  // The jobs that mirror HubSpot, and so write the customer texts its changes call for.
  const crm = { db: deps.db, hubspot: deps.hubspot, account: deps.account, ...(deps.notices && { notices: deps.notices }) };
  return [
    crmPushBookingJob({ db: deps.db, hubspot: deps.hubspot, account: deps.account }),
    crmPushChangeRequestJob({ db: deps.db, hubspot: deps.hubspot, account: deps.account }),
    crmPushSupportTicketJob({ db: deps.db, hubspot: deps.hubspot, account: deps.account }),
    crmRecordSignupJob({ db: deps.db, hubspot: deps.hubspot }),
    crmPullJob({ ...crm, ...(deps.crmPullRereadMs === undefined ? {} : { rereadMs: deps.crmPullRereadMs }) }),
    crmAssignOwnerJob({ db: deps.db, hubspot: deps.hubspot }),
    crmNotePortalConfirmedJob({ db: deps.db, hubspot: deps.hubspot }),
    crmApplyDealCommandJob(crm),
    crmApplyQuoteAnswerJob(crm),
    crmMakeInvoiceJob(crm),
    crmSweepJob({ ...crm, ...(deps.sweepRunsPerPass === undefined ? {} : { runsPerPass: deps.sweepRunsPerPass }) }),
    crmLogTextReceivedJob({ db: deps.db, hubspot: deps.hubspot }),
    crmLogTextSentJob({ db: deps.db, hubspot: deps.hubspot }),
    crmLogEmailJob({ db: deps.db, hubspot: deps.hubspot }),
    crmAttachPhotoJob({ db: deps.db, hubspot: deps.hubspot }),
    crmAttachClaimPhotoJob({ db: deps.db, hubspot: deps.hubspot }),
    smsSendJob({ db: deps.db, twilio: deps.twilio, from: deps.smsFrom, otpSecret: deps.otpSecret, statusCallbackUrl: deps.smsStatusCallbackUrl, portalUrl: deps.portalUrl }),
    housekeepingPurgeJob({ db: deps.db }),
    plansMakeVisitsJob({ db: deps.db, ...(deps.plans ?? { horizonWeeks: DEFAULT_PLAN_HORIZON_WEEKS, closedDays: [] }) }),
    ...(deps.email ? [emailSendJob({ db: deps.db, ...deps.email, otpSecret: deps.otpSecret, portalUrl: deps.portalUrl, textTo: replyNumberOf(deps.smsFrom) })] : []),
  ] as JobDefinition[];
}
