import { useEffect, useId, useRef, useState } from 'react';
import { PHOTO_LABEL_TEXT, PHOTO_LABELS, type PhotoLabel } from '@app/shared/visit-photos';
import { ApiError } from '../../../lib/api-client';
import { photoStatusText, type PhotoSend } from '../../../lib/use-photo-sends';
import { postPhoto, putThumbnail } from '../api/add-photo';
import { makeThumbnail } from './photo-thumbnail';

/** A photo chosen on this page: its preview, its label, and once sent where it stands. */
export interface StagedPhoto extends PhotoSend {
  url: string;
  label: PhotoLabel;
  file?: File;
}

const NO_ANSWER = 'That did not go through. Check your signal and add it again.';

/** Each photo chosen on this page with its preview, label and where it stands, and how many the cleaning has. */
export function PhotoList({ items, count }: { items: readonly PhotoSend[]; count: number }) {
  return (
    <>
      {items.length > 0 ? (
        <ul className="visit-photos__list">
          {items.map((item) => (
            <li key={item.key} className={`visit-photos__item visit-photos__item--${item.status}`}>
              <span className="visit-photos__name">{item.name}</span> <strong>{photoStatusText(item)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {count > 0 ? <p className="visit-photos__count">Photos added to this cleaning: {count}</p> : null}
    </>
  );
}

/** A chosen photo before it is sent: thumbnail, Before/After, Remove. */
function StagedItem({ photo, index, onLabel, onRemove }: { photo: StagedPhoto; index: number; onLabel: (label: PhotoLabel) => void; onRemove: () => void }) {
  const id = useId();
  const name = `Photo ${index + 1}`;
  return (
    <li className="visit-photos__staged">
      <img className="visit-photos__thumb" src={photo.url} alt={`${name}, ${PHOTO_LABEL_TEXT[photo.label].toLowerCase()}`} width={88} height={88} />
      <fieldset className="visit-photos__label">
        <legend>{name}: before or after?</legend>
        {PHOTO_LABELS.map((label) => (
          <label key={label} className="visit-photos__choice">
            <input type="radio" name={`${id}-label`} value={label} checked={photo.label === label} onChange={() => onLabel(label)} />
            {PHOTO_LABEL_TEXT[label]}
          </label>
        ))}
      </fieldset>
      <button type="button" className="button button--ghost visit-photos__remove" onClick={onRemove}>
        Remove<span className="visually-hidden"> {name.toLowerCase()}</span>
      </button>
    </li>
  );
}

/**
 * "Add photos" (docs/cleaner-day.md#photos): the phone's camera or its pictures, several at once,
 * one large tap target. Each chosen photo shows its thumbnail, Before or After (the default from
 * where the cleaning stands) and Remove; "Send" sends them one at a time (a weak signal carries one
 * photo better than ten), each with its small copy for the office, and each shows "Sending…",
 * "Added" or why the server refused it. Optional: nothing else waits for them.
 */
export function VisitPhotos({ dealId, added, defaultLabel = 'after' }: { dealId: string; added: number; defaultLabel?: PhotoLabel }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [staged, setStaged] = useState<StagedPhoto[]>([]);
  const [sent, setSent] = useState<StagedPhoto[]>([]);
  const [sending, setSending] = useState(false);
  const batches = useRef(0);
  // The day's count (a reload, another phone) until this page's own uploads answer a newer one.
  const [sentCount, setCount] = useState<number | null>(null);
  const count = Math.max(added, sentCount ?? 0);
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const kept = urls.current;
    return () => kept.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const choose = (files: File[]) => {
    const batch = (batches.current += 1);
    const chosen = files.map((file, i) => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      return { key: `${batch}-${i}`, name: file.name || `Photo ${i + 1}`, status: 'sending' as const, url, label: defaultLabel, file };
    });
    setStaged((all) => [...all, ...chosen]);
  };
  const remove = (key: string) =>
    setStaged((all) =>
      all.filter((p) => {
        if (p.key !== key) return true;
        URL.revokeObjectURL(p.url);
        urls.current.delete(p.url);
        return false;
      }),
    );
  const setStatus = (key: string, change: Partial<StagedPhoto>) => setSent((all) => all.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const sendAll = async () => {
    const photos = staged;
    setStaged([]);
    setSent((all) => [...all, ...photos.map(({ file: _file, ...p }) => ({ ...p, status: 'sending' as const }))]);
    setSending(true);
    for (const photo of photos) {
      try {
        const answer = await postPhoto(dealId, photo.file!, photo.label);
        setCount(answer.count);
        setStatus(photo.key, { status: 'added' });
        // The office's small copy: the photo is kept even when this does not go.
        const small = await makeThumbnail(photo.file!);
        if (small) await putThumbnail(dealId, answer.photo.id, small).catch(() => undefined);
      } catch (error) {
        setStatus(photo.key, { status: 'refused', reason: error instanceof ApiError && error.serverMessage ? error.serverMessage : NO_ANSWER });
      }
    }
    setSending(false);
  };

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
          // The same photo can be chosen again (after a refusal, or removed).
          if (input.current) input.current.value = '';
          if (files.length > 0) choose(files);
        }}
      />
      {staged.length > 0 ? (
        <>
          <ul className="visit-photos__list" aria-label="Photos to send">
            {staged.map((photo, i) => (
              <StagedItem
                key={photo.key}
                photo={photo}
                index={i}
                onLabel={(label) => setStaged((all) => all.map((p) => (p.key === photo.key ? { ...p, label } : p)))}
                onRemove={() => remove(photo.key)}
              />
            ))}
          </ul>
          <p className="visit-actions__row">
            <button type="button" className="button visit-actions__big" disabled={sending} onClick={() => void sendAll()}>
              {staged.length === 1 ? 'Send 1 photo' : `Send ${staged.length} photos`}
            </button>
          </p>
        </>
      ) : null}
      <div role="status" aria-live="polite">
        {sent.length > 0 ? (
          <ul className="visit-photos__list" aria-label="Photos sent">
            {sent.map((photo) => (
              <li key={photo.key} className={`visit-photos__item visit-photos__item--${photo.status}`}>
                <img className="visit-photos__thumb visit-photos__thumb--small" src={photo.url} alt="" width={48} height={48} />
                <span className="visit-photos__name">{PHOTO_LABEL_TEXT[photo.label]}</span> <strong>{photoStatusText(photo)}</strong>
              </li>
            ))}
          </ul>
        ) : null}
        <PhotoList items={[]} count={count} />
      </div>
    </div>
  );
}
