import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startPortalApi, type PortalApi } from '../../../../test/portal-app';

/**
 * The alert rules (docs/alerts/prometheus-rules.yml) watch what GET /metrics really exposes: a
 * renamed metric breaks this test, not the alert in production. promtool checks and unit-tests
 * the rules; CI installs it (CI_REQUIRE_PROMTOOL=1), elsewhere that part is skipped without it.
 */
const ALERTS = path.resolve(import.meta.dirname, '../../../../docs/alerts');
const RULES = path.join(ALERTS, 'prometheus-rules.yml');
const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool && process.env.CI_REQUIRE_PROMTOOL === '1') throw new Error('promtool is required here (CI_REQUIRE_PROMTOOL=1) but not installed');

/** PromQL words that are not metric names. */
const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'count', 'by', 'without', 'on', 'ignoring', 'and', 'or', 'unless', 'offset', 'delta', 'increase', 'rate', 'clamp_min', 'clamp_max', 'bool', 'group_left', 'group_right']);

/** The metric names an expression reads: its identifiers, without label matchers, ranges, durations and PromQL words. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+\d+[smhdwy]\b/g, ' ');
  return [...new Set((bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? []).filter((word) => !PROMQL_WORDS.has(word)))];
}

interface RuleFile {
  groups: { name: string; rules: { alert: string; expr: string }[] }[];
}

describe('alert rules', () => {
  let api: PortalApi;
  beforeAll(async () => {
    api = await startPortalApi('alert-rules', new Date(), { metrics: true });
  });
  afterAll(() => api.close());

  it('name only metrics the api exposes', async () => {
    const res = await fetch(`${api.url}/metrics`);
    expect(res.status).toBe(200);
    const exposed = new Set([...(await res.text()).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    const rules = (parse(readFileSync(RULES, 'utf8')) as RuleFile).groups.flatMap((g) => g.rules);
    expect(rules.length).toBeGreaterThanOrEqual(7);
    for (const rule of rules) {
      const names = metricNames(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exposed, `${rule.alert}: ${name}`).toContain(name);
    }
  });

  it.skipIf(!promtool)('are valid and do what their unit tests say (promtool)', () => {
    const check = execFileSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    expect(check).toContain('SUCCESS');
    const test = execFileSync('promtool', ['test', 'rules', path.join(ALERTS, 'prometheus-rules.test.yml')], { encoding: 'utf8' });
    expect(test).toContain('SUCCESS');
  });
});
