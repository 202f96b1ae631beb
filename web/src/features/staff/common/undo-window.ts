/** How long a close-out can be undone before its command is sent. */
export const UNDO_SECONDS = 6;

/** The timer functions the window runs on (the browser's, by default). */
export interface UndoTimers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const browserTimers: UndoTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How a held command leaves: when its window passed, or at once because the page is going away. */
export type SendReason = 'window-passed' | 'page-hidden' | 'left-page';

/**
 * Commands held back for a few seconds so that they can be undone (docs/staff-actions.md#undo).
 * Nothing is sent while a command is held; undoing it drops it, unsent. Each held command is
 * sent at most once: it leaves the window before `send` is called, whether its time passed or
 * the page is going away (`flush`, sent at once rather than lost). One command per key (a deal).
 */
export class UndoWindow<T> {
  private readonly held = new Map<string, { item: T; handle: unknown }>();

  constructor(
    private readonly send: (key: string, item: T, reason: SendReason) => void,
    private readonly ms: number = UNDO_SECONDS * 1000,
    private readonly timers: UndoTimers = browserTimers,
  ) {}

  /** Holds `item` for the window; false (and nothing held) when one is already held for `key`. */
  hold(key: string, item: T): boolean {
    if (this.held.has(key)) return false;
    const handle = this.timers.set(() => this.release(key, 'window-passed'), this.ms);
    this.held.set(key, { item, handle });
    return true;
  }

  /** Drops the held command of `key`, unsent; false when there was none (it has been sent). */
  undo(key: string): boolean {
    const entry = this.held.get(key);
    if (!entry) return false;
    this.timers.clear(entry.handle);
    this.held.delete(key);
    return true;
  }

  isHeld(key: string): boolean {
    return this.held.has(key);
  }

  /** Sends every held command now: the page is being hidden or left, and a held command must not be lost. */
  flush(reason: Exclude<SendReason, 'window-passed'>): void {
    for (const key of [...this.held.keys()]) this.release(key, reason);
  }

  private release(key: string, reason: SendReason): void {
    const entry = this.held.get(key);
    if (!entry) return;
    this.timers.clear(entry.handle);
    this.held.delete(key);
    this.send(key, entry.item, reason);
  }
}
