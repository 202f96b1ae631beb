// Values the e2e project's globalSetup hands to test files through `inject()`.
declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the running API that serves the built web app, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

export {};
