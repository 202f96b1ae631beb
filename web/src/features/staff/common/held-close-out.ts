import type { CloseOutInput } from '@app/shared/close-out';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { closeOutDeal } from './schedule-deal';
import { CLEANER_QUERY_KEYS } from './shared-queries';
import { failureText } from './staff-errors';
import { UndoWindow } from './undo-window';

export type CloseOutRequest = CloseOutInput & { dealId: string };

/** What the office reads about its close-out: the confirmation ('Marked done: …') and what became of it. */
interface Held {
  request: CloseOutRequest;
  /** 'Marked done: Avery Brooks, Tue, Dec 8'. */
  message: string;
  /** 'Avery Brooks, Tue, Dec 8': which cleaning, for the undo's words. */
  which: string;
}

export type HeldPhase =
  | { kind: 'idle' }
  | { kind: 'held' | 'sending' | 'sent' | 'undone'; message: string; which: string }
  | { kind: 'failed'; message: string; which: string; error: string };

/**
 * A close-out held in its undo window (undo-window.ts) before its command goes to the api. The
 * command leaves when the window has passed; if the page is hidden or left first (closed, reloaded,
 * another page of the app), it is sent at once, with keepalive so the request outlives the page,
 * rather than lost. It is never sent twice: the window hands it over once, and the api refuses a
 * second command on a deal while one is on its way.
 */
export function useHeldCloseOut(dealId: string, onSent?: (message: string) => void) {
  const client = useQueryClient();
  const [phase, setPhase] = useState<HeldPhase>({ kind: 'idle' });
  const mounted = useRef(true);
  const sentTo = useRef(onSent);
  sentTo.current = onSent;

  const [window] = useState(
    () =>
      new UndoWindow<Held>((_key, held, reason) => {
        const { message, which } = held;
        const show = (next: HeldPhase) => {
          if (mounted.current) setPhase(next);
        };
        show({ kind: 'sending', message, which });
        const refresh = () => Promise.all(Object.values(CLEANER_QUERY_KEYS).map((queryKey) => client.invalidateQueries({ queryKey })));
        closeOutDeal(held.request, { keepalive: reason !== 'window-passed' }).then(
          () => {
            show({ kind: 'sent', message, which });
            if (mounted.current) sentTo.current?.(message);
            void refresh();
          },
          (error: unknown) => {
            show({ kind: 'failed', message, which, error: failureText(error) });
            void refresh();
          },
        );
      }),
  );

  useEffect(() => {
    mounted.current = true;
    const pageHidden = () => window.flush('page-hidden');
    const visibility = () => {
      if (document.visibilityState === 'hidden') window.flush('page-hidden');
    };
    addEventListener('pagehide', pageHidden);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      removeEventListener('pagehide', pageHidden);
      document.removeEventListener('visibilitychange', visibility);
      mounted.current = false;
      window.flush('left-page');
    };
  }, [window]);

  return {
    phase,
    /** Holds the close-out for its window; nothing is sent yet. */
    hold: (input: CloseOutInput, message: string, which: string) => {
      if (window.hold(dealId, { request: { dealId, ...input }, message, which })) setPhase({ kind: 'held', message, which });
    },
    /** Drops the held close-out, unsent (false: it has left already). */
    undo: (): boolean => {
      if (phase.kind !== 'held' || !window.undo(dealId)) return false;
      setPhase({ kind: 'undone', message: phase.message, which: phase.which });
      return true;
    },
  };
}
