import type { Db } from '@app/db/client';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { loadSignup, saveSignupContactId } from '../crm/request-sync-repository';
import { defineJob } from './job';

/**
 * Records a notify-me or waitlist signup in HubSpot: a new contact with first name, zip and
 * interest, or, for an e-mail HubSpot has, only the interest, signup zip and time on that contact
 * (a form never changes an existing contact's name or address). A retry is harmless.
 */
export function crmRecordSignupJob(deps: { db: Db; hubspot: HubSpotGateway }) {
  return defineJob('crm.record-signup', async ({ signupId }) => {
      const signup = await loadSignup(deps.db, signupId);
      if (!signup) return { outcome: 'missing' as const };
      // notify_zip also on a contact HubSpot had: staff find the waitlist for an area by it.
      const interest = { notify_interest: signup.interest, notify_signup_at: signup.createdAt.toISOString(), notify_zip: signup.zip };
      const contact = await deps.hubspot.createOrFindContactOne(signup.email, { firstname: signup.firstName, zip: signup.zip, ...interest });
      // An existing contact keeps its name and address (docs/identity.md); only the signup is recorded on it.
      if (contact.existing) await deps.hubspot.updateObject('contacts', contact.id, interest);
      const contactId = contact.id;
      await saveSignupContactId(deps.db, signup.id, contactId);
      return { outcome: 'recorded' as const, contactId };
  });
}
