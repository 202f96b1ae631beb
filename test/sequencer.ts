import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the integration and browser files longest first, by the durations a full run recorded in
 * test/file-durations.json (`npm run test:durations`), so that no long file begins near the end
 * and holds the run up alone while the other workers idle. A file not recorded yet counts as
 * NEW_FILE_SECONDS. The files that measure HubSpot's request windows start right after the last
 * long browser file has started: they fare better without the heaviest browsers' load.
 */
const DURATIONS_FILE = path.join(import.meta.dirname, 'file-durations.json');
const NEW_FILE_SECONDS = 10;
/** A browser file this long or longer loads the machine enough to start the late files after it. */
const LONG_BROWSER_FILE_SECONDS = 20;
const AFTER_THE_BROWSERS = new Set([
  'worker/src/jobs/crm-pull.integration.test.ts',
  'worker/src/jobs/crm-sweep.integration.test.ts',
  'worker/src/crm/contract.integration.test.ts',
]);

function recordedSeconds(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const seconds = recordedSeconds();
    const name = (file: TestSpecification) => path.relative(root, file.moduleId).split(path.sep).join('/');
    const duration = (file: TestSpecification) => seconds[name(file)] ?? NEW_FILE_SECONDS;
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: files of equal rank keep the base order.
    const ordered = sorted.filter((file) => !AFTER_THE_BROWSERS.has(name(file))).sort((a, b) => group(a) - group(b) || duration(b) - duration(a));
    // The late files go right after the last long browser file to start, not at the very end,
    // where they would hold the run up alone (the short browser files weigh little).
    const lastBrowser = ordered.findLastIndex((file) => file.project.name === 'e2e' && duration(file) >= LONG_BROWSER_FILE_SECONDS);
    const late = sorted.filter((file) => AFTER_THE_BROWSERS.has(name(file))).sort((a, b) => duration(b) - duration(a));
    ordered.splice(lastBrowser + 1, 0, ...late);
    return ordered;
  }
}
