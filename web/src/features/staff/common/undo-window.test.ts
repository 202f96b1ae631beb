import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_SECONDS, UndoWindow, type SendReason } from './undo-window';

describe('the undo window of a close-out', () => {
  let sent: { key: string; item: string; reason: SendReason }[];
  let window: UndoWindow<string>;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    window = new UndoWindow((key, item, reason) => sent.push({ key, item, reason }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing during the window, and the command once when it has passed', () => {
    expect(window.hold('deal-1', 'done')).toBe(true);
    vi.advanceTimersByTime(UNDO_SECONDS * 1000 - 1);
    expect(sent).toEqual([]);
    expect(window.isHeld('deal-1')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ key: 'deal-1', item: 'done', reason: 'window-passed' }]);
    expect(window.isHeld('deal-1')).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
  });

  it('drops an undone command unsent, for good', () => {
    window.hold('deal-1', 'done');
    vi.advanceTimersByTime(3000);
    expect(window.undo('deal-1')).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sent).toEqual([]);
    // Closed out again: a new window, sent once it has passed.
    window.hold('deal-1', 'no-show');
    vi.advanceTimersByTime(UNDO_SECONDS * 1000);
    expect(sent).toEqual([{ key: 'deal-1', item: 'no-show', reason: 'window-passed' }]);
  });

  it('cannot undo what has been sent', () => {
    window.hold('deal-1', 'done');
    vi.advanceTimersByTime(UNDO_SECONDS * 1000);
    expect(window.undo('deal-1')).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('holds one command per deal: a second one while the first waits is refused', () => {
    expect(window.hold('deal-1', 'done')).toBe(true);
    expect(window.hold('deal-1', 'no-show')).toBe(false);
    expect(window.hold('deal-2', 'no-show')).toBe(true);
    vi.advanceTimersByTime(UNDO_SECONDS * 1000);
    expect(sent.map((s) => [s.key, s.item])).toEqual([
      ['deal-1', 'done'],
      ['deal-2', 'no-show'],
    ]);
  });

  it('sends every held command at once when the page goes away, and never again after', () => {
    window.hold('deal-1', 'done');
    window.hold('deal-2', 'canceled-on-the-day');
    window.undo('deal-2');
    window.flush('page-hidden');
    expect(sent).toEqual([{ key: 'deal-1', item: 'done', reason: 'page-hidden' }]);
    window.flush('left-page');
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(1);
    expect(window.undo('deal-1')).toBe(false);
  });
});
