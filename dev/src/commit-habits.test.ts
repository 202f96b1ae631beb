import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './repo';

// Commit habits (docs/development.md#commits): a subject of at most 72 characters, the why in
// the body. Checked from the commit where the rule began to be checked; the subjects before it
// stay as they are (main is shared history, never rewritten).
const SUBJECT_MAX = 72;
const CHECKED_SINCE = '33e3ee78ef73d88f25a101e1fc5e0acf964dbc0b';

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

// A copy without history (a docker build context, a shallow clone) has nothing to check.
const hasHistory = git('cat-file', '-e', `${CHECKED_SINCE}^{commit}`) !== null;

describe.skipIf(!hasHistory)('commit messages since the rule', () => {
  const commits = (git('log', '--no-merges', '--format=%h%x00%s%x00%b%x1e', `${CHECKED_SINCE}..HEAD`) ?? '')
    .split('\x1e')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [hash = '', subject = '', body = ''] = entry.split('\x00');
      return { hash, subject, body: body.trim() };
    });

  it(`have subjects of at most ${SUBJECT_MAX} characters`, () => {
    expect(commits.filter((c) => c.subject.length > SUBJECT_MAX).map((c) => `${c.hash} (${c.subject.length}): ${c.subject}`)).toEqual([]);
  });

  it('say why in a body', () => {
    expect(commits.filter((c) => c.body === '').map((c) => `${c.hash}: ${c.subject}`)).toEqual([]);
  });
});
