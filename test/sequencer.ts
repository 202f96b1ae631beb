import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser files that took 30 s or more on two cores, longest first, and the integration files
 * that mostly wait on processes they start. They start first, so that none of them begins near
 * the end of the run and holds it up alone while the other workers idle. Every other file
 * follows in vitest's own order (its last durations when it has them). Left out on purpose: the
 * files that measure HubSpot's request windows (crm-pull, crm-sweep, the contract test), which
 * fare better once the browsers are done. A file missing here costs only time.
 */
const LONGEST_FIRST = [
  'e2e/tests/accessibility-signed-in.e2e.test.ts',
  'e2e/tests/accessibility.e2e.test.ts',
  'e2e/tests/booking.e2e.test.ts',
  'e2e/tests/staff-tools.e2e.test.ts',
  'e2e/tests/staff-calendar.e2e.test.ts',
  'test/multi-process.integration.test.ts',
  'e2e/tests/login-delivery.e2e.test.ts',
  'e2e/tests/portal.e2e.test.ts',
  'e2e/tests/frame.e2e.test.ts',
  'e2e/tests/prelaunch.e2e.test.ts',
  'e2e/tests/security.e2e.test.ts',
  'e2e/tests/customer-texts.e2e.test.ts',
  'test/queue-loss.integration.test.ts',
  'test/worker-process.integration.test.ts',
  'e2e/tests/staff-workspace.e2e.test.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(path.relative(root, file.moduleId).split(path.sep).join('/'));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep the base order.
    return sorted.sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b));
  }
}
