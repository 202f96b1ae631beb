import { useId, useRef, useState } from 'react';
import { photoStatusText, usePhotoSends, type PhotoSend } from '../../../lib/use-photo-sends';
import { postPhoto } from '../api/add-photo';

/** Each photo chosen on this page with where it stands, and how many the cleaning has. */
export function PhotoList({ items, count }: { items: readonly PhotoSend[]; count: number }) {
  return (
    <>
      {items.length > 0 ? (
        <ul className="visit-photos__list">
          {items.map((item) => (
            <li key={item.key} className={`visit-photos__item visit-photos__item--${item.status}`}>
              <span className="visit-photos__name">{item.name}</span>{' '}
              <strong>{photoStatusText(item)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {count > 0 ? <p className="visit-photos__count">Photos added to this cleaning: {count}</p> : null}
    </>
  );
}

/**
 * "Add photos" (docs/cleaner-day.md#photos): the phone's camera or its pictures, several at once,
 * one large tap target; each photo is sent on its own and shows "Sending…", "Added" or why the
 * server refused it. Optional: nothing else waits for them.
 */
export function VisitPhotos({ dealId, added }: { dealId: string; added: number }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { items, send } = usePhotoSends('That did not go through. Check your signal and add it again.');
  // The day's count (a reload, another phone) until this page's own uploads answer a newer one.
  const [sentCount, setCount] = useState<number | null>(null);
  const count = Math.max(added, sentCount ?? 0);

  return (
    <div className="visit-photos">
      <label htmlFor={`${id}-photos`} className="button button--ghost visit-actions__big visit-photos__add">
        Add photos
      </label>
      <input
        ref={input}
        id={`${id}-photos`}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        capture="environment"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same photo can be chosen again (after a refusal).
          if (input.current) input.current.value = '';
          if (files.length > 0) void send(files, (file) => postPhoto(dealId, file), (answer) => setCount(answer.count));
        }}
      />
      <div role="status" aria-live="polite">
        <PhotoList items={items} count={count} />
      </div>
    </div>
  );
}
