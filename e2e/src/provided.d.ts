// Values the e2e project's globalSetup hands to test files through `inject()`.
import type { StageMapData } from '../../worker/src/crm/account/stage-map';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the running API that serves the built web app, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Origin of the HubSpot emulator the worker pushes to; its control API is under /_emulator/. */
    hubspotUrl: string;
    /** The account's stage ids for the product's stage keys, as crm:setup created them (worker/src/crm/account/stage-map.ts). */
    hubspotStages: StageMapData;
    /** Origin of the Twilio emulator the worker sends texts through; sent messages at /_emulator/messages. */
    twilioUrl: string;
    /** The mail emulator's inbox page and control API. */
    mailUrl: string;
    /** How often the worker pulls HubSpot changes (ms). */
    crmPullIntervalMs: number;
    /** Issuer of the local OpenID provider staff sign in with; its control API is under /_provider/. */
    oidcUrl: string;
    /** The database the api and the worker use. */
    databaseUrl: string;
    /** The Redis the queues live in, and the queues' key prefix. */
    redisUrl: string;
    queuePrefix: string;
  }
}

export {};
