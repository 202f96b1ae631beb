import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo';

/**
 * A comment's reasons must be readable from a clone (docs/decisions/README.md): a `§n` names a
 * section of docs/product.md, and nothing cites an issue number, which only the tracker knows.
 * Migrations are left out: an applied migration's file is never edited.
 */

const CODE_DIRS = ['api/src', 'worker/src', 'runtime/src', 'shared/src', 'dev/src', 'emulators/src', 'web/src', 'e2e', 'bench', 'test', 'prisma'];
const SKIPPED = new Set(['node_modules', 'generated', 'dist', 'migrations']);

function codeFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) files.push(...codeFiles(rel));
    } else if (/\.(tsx?|prisma|css)$/.test(entry.name)) {
      files.push(rel);
    }
  }
  return files;
}

/** Every line of the code, with where it is. */
function codeLines(): { where: string; text: string }[] {
  return CODE_DIRS.flatMap((dir) => codeFiles(dir)).flatMap((file) =>
    readFileSync(path.join(REPO_ROOT, file), 'utf8')
      .split('\n')
      .map((text, i) => ({ where: `${file}:${i + 1}`, text })),
  );
}

const lines = codeLines();

describe('citations in the code', () => {
  it('cite sections docs/product.md has', () => {
    const sections = new Set([...readFileSync(path.join(REPO_ROOT, 'docs/product.md'), 'utf8').matchAll(/^#+ §(\d+)\b/gm)].map((m) => m[1]));
    expect(sections.size).toBeGreaterThan(0);
    const unresolved = lines.flatMap(({ where, text }) => [...text.matchAll(/§\s?(\d+)/g)].filter((m) => !sections.has(m[1])).map((m) => `${where}: ${m[0]}`));
    expect(unresolved).toEqual([]);
  });

  it('cite no issue of our tracker: the reason is written where it is used, or in docs/', () => {
    // Another project's issue, named with its project ("hubspot-api-nodejs issue 552"), is a public reference.
    const cited = lines.filter(({ text }) => /(?<!\S*[-/]\S*\s)\bissues? #?\d+/i.test(text)).map(({ where, text }) => `${where}: ${text.trim()}`);
    expect(cited).toEqual([]);
  });

  it('point at nothing outside the repository', () => {
    const outside = lines.filter(({ text }) => /DESIGN\.md|product-spec\.md/.test(text)).map(({ where }) => where);
    expect(outside).toEqual([]);
  });
});
