// Records how long each integration and browser file took, from a vitest JSON report, into
// test/file-durations.json, which the sequencer (test/sequencer.ts) reads to start the longest
// files first. Run after a full run on two cores:
//   npx vitest run --reporter=default --reporter=json --outputFile=<report.json>
//   npm run test:durations -- <report.json>
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo';

interface Report {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}

const reportPath = process.argv[2];
if (!reportPath) {
  process.stderr.write('usage: npm run test:durations -- <vitest JSON report>\n');
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
const seconds = Object.fromEntries(
  report.testResults
    .map((file) => [path.relative(REPO_ROOT, file.name).split(path.sep).join('/'), Math.round((file.endTime - file.startTime) / 1000)] as const)
    .filter(([name]) => /\.(integration|e2e)\.test\.ts$/.test(name))
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(path.join(REPO_ROOT, 'test', 'file-durations.json'), `${JSON.stringify(seconds, null, 2)}\n`);
process.stdout.write(`recorded ${Object.keys(seconds).length} files\n`);
