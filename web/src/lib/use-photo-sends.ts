import { useRef, useState } from 'react';
import { ApiError } from './api-client';

/** A photo being sent, and where it stands. */
export interface PhotoSend {
  key: string;
  name: string;
  status: 'sending' | 'added' | 'refused';
  /** The server's refusal, or ours when no answer came. */
  reason?: string;
}

/** What a photo's line says: "Sending…", "Added", or why it was refused. */
export const photoStatusText = (item: PhotoSend): string | undefined =>
  item.status === 'sending' ? 'Sending…' : item.status === 'added' ? 'Added' : item.reason;

/**
 * Photos sent one at a time (a weak signal carries one photo better than ten), each followed from
 * "Sending…" to "Added" or the server's refusal; `noAnswer` is the reason when no answer came.
 * Used by a cleaner's photos of a cleaning and a customer's of a re-clean claim.
 */
export function usePhotoSends(noAnswer: string) {
  const [items, setItems] = useState<PhotoSend[]>([]);
  const batches = useRef(0);
  const set = (key: string, change: Partial<PhotoSend>) => setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const send = async <T>(files: readonly File[], post: (file: File) => Promise<T>, onAdded?: (answer: T) => void) => {
    const batch = (batches.current += 1);
    const chosen = files.map((file, i) => ({ file, item: { key: `${batch}-${i}-${file.name}`, name: file.name || `Photo ${i + 1}`, status: 'sending' as const } }));
    setItems((all) => [...all, ...chosen.map((c) => c.item)]);
    for (const { file, item } of chosen) {
      try {
        const answer = await post(file);
        set(item.key, { status: 'added' });
        onAdded?.(answer);
      } catch (error) {
        set(item.key, { status: 'refused', reason: error instanceof ApiError && error.serverMessage ? error.serverMessage : noAnswer });
      }
    }
  };
  return { items, send };
}
