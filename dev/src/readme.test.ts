import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo';

// The README is the door: how to run and test the product, the map, and links into docs/. The
// reference lives in docs/, so the README stays short enough to read whole.
const README_MAX_BYTES = 12_000;

const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

describe('README.md', () => {
  it(`stays under ${README_MAX_BYTES} bytes`, () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(README_MAX_BYTES);
  });

  it('links only to files that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/.test(target));
    expect(targets.length).toBeGreaterThan(10);
    expect(targets.filter((target) => !existsSync(path.join(REPO_ROOT, target)))).toEqual([]);
  });
});
