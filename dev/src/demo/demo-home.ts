import type { Db } from '@app/db/client';
import { homeProfileSchema, homeSecretSchema } from '@app/shared/home-profile';
import { homeProfile, addSecret, replaceSecretValue, updateHomeProfile } from '@app/api/modules/home-profile/service';
import { DEV_HOME_SECRET_KEYS, keyringOf, type Keyring } from '@app/api/modules/home-profile/sealing';

/**
 * The demo customer's home profile (docs/home-profile.md), written through the portal's own
 * service: the plain fields, and one door code sealed under the key the development api opens
 * it with. Every start writes the same fields and seals the same code again into the same row,
 * so restarts add nothing, and a changed HOME_SECRET_KEYS still opens it.
 */

export const DEMO_HOME = homeProfileSchema.parse({
  accessInstructions: 'Side gate on the left, then the blue front door. The door code is below.',
  parking: 'Driveway, behind the silver car.',
  pets: 'Biscuit, a friendly golden retriever, stays in the backyard.',
  careNotes: 'The hall vase is fragile. Please use the eco products under the sink.',
});

/** The door code My day reveals on the cleaning's day (fiction, like the rest of the demo). */
export const DEMO_DOOR_CODE = homeSecretSchema.parse({ kind: 'door', label: 'Front door', value: '2468' });

/** The key the development api seals and opens with (api/src/env.ts: HOME_SECRET_KEYS, else the dev key). */
export const demoKeyring = (): Keyring => keyringOf(process.env.HOME_SECRET_KEYS || DEV_HOME_SECRET_KEYS);

export async function seedDemoHome(db: Db, contactId: string, homeSecrets: Keyring, now: Date): Promise<void> {
  const deps = { db, homeSecrets, now: () => now };
  await updateHomeProfile(deps, contactId, DEMO_HOME);
  const existing = (await homeProfile(deps, contactId)).secrets.find((s) => s.label === DEMO_DOOR_CODE.label);
  if (existing) await replaceSecretValue(deps, contactId, existing.id, DEMO_DOOR_CODE);
  else await addSecret(deps, contactId, DEMO_DOOR_CODE);
}
