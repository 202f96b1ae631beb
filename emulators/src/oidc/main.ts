// Runs the local OpenID provider on its own: `npm run emulator:oidc` (docker compose runs it too).
// Point the api at it with OIDC_ISSUER_URL = the printed issuer; it signs staff in without a form.
import { z } from 'zod';
import { closeOnSignal } from '../close-on-signal';
import { envFields, parseEnv } from '@app/shared/parse-env';
import { listenEnv, publicUrlEnv } from '../listen-env';
import { DEV_OIDC_PORT, DEV_STAFF_EMAIL_DOMAIN, DEV_STAFF_IDENTITY, startOidcProvider } from './provider';

const env = parseEnv(
  z.object({
    ...listenEnv,
    OIDC_PROVIDER_PORT: envFields.port.default(DEV_OIDC_PORT),
    /** The issuer as the browser and the api both reach it (it must be the same URL for both). */
    OIDC_PROVIDER_PUBLIC_URL: publicUrlEnv,
  }),
  process.env,
);

const provider = await startOidcProvider({
  port: env.OIDC_PROVIDER_PORT,
  host: env.EMULATOR_HOST,
  ...(env.OIDC_PROVIDER_PUBLIC_URL ? { publicUrl: env.OIDC_PROVIDER_PUBLIC_URL } : {}),
});
console.log(`OpenID provider, issuer ${provider.url}`);
console.log(`  signs in ${DEV_STAFF_IDENTITY.email}; another address with ?login_hint=name@${DEV_STAFF_EMAIL_DOMAIN}`);
console.log(`  control: GET ${provider.url}/_provider/, POST ${provider.url}/_provider/next-identity`);

closeOnSignal('OpenID provider', () => provider.close());
