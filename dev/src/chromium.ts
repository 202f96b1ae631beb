/**
 * The system Chromium, as the browser tests and the web benchmark start it. Flags that work on
 * our machines and CI: no sandbox, no GPU, no background traffic.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** CHROMIUM_PATH overrides the Debian package's location. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
