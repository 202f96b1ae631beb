import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the integration and browser files longest first, by the durations a full run recorded in
 * test/file-durations.json (`npm run test:durations`), so that no long file begins near the end
 * and holds the run up alone while the other workers idle. A file not recorded yet counts as
 * NEW_FILE_SECONDS. The files that measure HubSpot's request windows start once every browser
 * file has started: they fare better without the browsers' load.
 */
const DURATIONS_FILE = path.join(import.meta.dirname, 'file-durations.json');
const NEW_FILE_SECONDS = 10;
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
    const late = (file: TestSpecification) => (AFTER_THE_BROWSERS.has(name(file)) ? 1 : 0);
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: files of equal rank keep the base order.
    return sorted.sort((a, b) => group(a) - group(b) || late(a) - late(b) || duration(b) - duration(a));
  }
}
