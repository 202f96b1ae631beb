import { z } from 'zod';
import type { Db } from '@app/db/client';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { loadSignup, saveSignupContactId } from '../crm/request-sync-repository';
import { defineJob } from './job';

/**
 * Records a pre-launch notify-me signup on the HubSpot contact (upserted by e-mail): first
 * name, zip and interest. Upserting is idempotent, so a retry is harmless.
 */
export function crmRecordSignupJob(deps: { db: Db; hubspot: HubSpotGateway }) {
  return defineJob({
    name: 'crm.record-signup',
    queue: 'crm',
    payloadSchema: z.object({ signupId: z.string().min(1) }),
    async process({ signupId }) {
      const signup = await loadSignup(deps.db, signupId);
      if (!signup) return { outcome: 'missing' as const };
      const contactId = await deps.hubspot.upsertContactOne(signup.email, {
        email: signup.email,
        firstname: signup.firstName,
        zip: signup.zip,
        notify_interest: signup.interest,
        notify_signup_at: signup.createdAt.toISOString(),
      });
      await saveSignupContactId(deps.db, signup.id, contactId);
      return { outcome: 'recorded' as const, contactId };
    },
  });
}
