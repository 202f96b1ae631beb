import type { FaultKind } from '@app/emulators/mail/faults';
import { sleep, type Fault } from './fault';

/**
 * The mail provider's failures in turn, while the requests come in, each for PHASE_MS: every send
 * meets it meanwhile (the count is more than any phase uses, and what is left is cleared at its
 * end). The phases together last as long as the requests are spread (PLAN.spreadMs), so e-mails
 * planned early and late in the traffic meet different ones, and retries meet the next.
 */
export const MAIL_PHASES: ReadonlyArray<{ kind: FaultKind; says: string }> = [
  { kind: 'refuse-connection', says: 'refuses connections (421), its open sessions ended' },
  { kind: 'temporary-failure', says: 'answers 451 after each message' },
  { kind: 'lost-answer', says: 'takes each message, then drops the connection before answering' },
];
const PHASE_MS = 4_000;
/** The emulator's largest count: far more chances than a phase of a few seconds has. */
const EVERY_CHANCE = 1_000;

/** "refused 3 connections": how many chances a phase's fault took, from what was left of it. */
export function phaseUse(kind: FaultKind, left: number, added: number = EVERY_CHANCE): string {
  const used = added - left;
  switch (kind) {
    case 'refuse-connection':
      return `refused ${used} connection${used === 1 ? '' : 's'}`;
    case 'temporary-failure':
      return `answered 451 to ${used} message${used === 1 ? '' : 's'}`;
    case 'lost-answer':
      return `lost the answer to ${used} message${used === 1 ? '' : 's'} it kept`;
  }
}

/**
 * The mail provider fails during intake: first it is down (connections refused), then it cannot
 * take messages now (451), then it takes them and the answer is lost (the worker cannot know it
 * arrived and sends it again, with the same Message-ID). Every e-mail the bookings planned must
 * reach the inbox once after it ends: none lost, none twice.
 */
export const mailProviderFailing: Fault = {
  title: '4 mail provider refusing, failing and losing answers during intake',
  async run(ctx, send) {
    ctx.afterwards(() => ctx.mail.clearFaults());
    const traffic = send();
    for (const phase of MAIL_PHASES) {
      await ctx.mail.addFault(phase.kind, EVERY_CHANCE);
      await sleep(PHASE_MS);
      const left = (await ctx.mail.pending())[phase.kind];
      await ctx.mail.clearFaults();
      ctx.say(`${PHASE_MS / 1000} s in which the mail provider ${phase.says}: it ${phaseUse(phase.kind, left)}`);
    }
    const endedAt = Date.now();
    ctx.say('the mail provider answers again');
    await traffic;
    return { endedAt };
  },
};
