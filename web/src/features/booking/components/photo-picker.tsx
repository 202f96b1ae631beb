import { MAX_PHOTOS } from '@app/shared/constants';
import { keepPhotos } from '@app/shared/form-fields';
import { useEffect, useId, useState } from 'react';

interface Preview {
  file: File;
  url: string;
}

/**
 * Object URLs for the chosen photos, revoked when the selection changes or the form goes away,
 * so the browser can free the images (each URL pins its file in memory until revoked).
 */
function usePreviews(files: readonly File[]): Preview[] {
  const [previews, setPreviews] = useState<Preview[]>([]);
  useEffect(() => {
    const created = files.map((file) => ({ file, url: URL.createObjectURL(file) }));
    setPreviews(created);
    return () => {
      for (const preview of created) URL.revokeObjectURL(preview.url);
    };
  }, [files]);
  return previews;
}

interface PhotoPickerProps {
  photos: readonly File[];
  onChange: (photos: File[]) => void;
  error?: string | undefined;
}

/**
 * Up to 5 photos of the home with previews (docs/product.md §3/§5). They stay in this browser tab: the
 * request sends no files, the photos only help the visitor describe the job.
 */
export function PhotoPicker({ photos, onChange, error }: PhotoPickerProps) {
  const id = useId();
  const previews = usePreviews(photos);
  const full = photos.length >= MAX_PHOTOS;
  return (
    <div className="field">
      <label htmlFor={id}>Photos of your home (optional)</label>
      <p id={`${id}-hint`} className="field__hint">
        Up to {MAX_PHOTOS} photos, to help you describe the job on the assessment call. They stay on your device and
        are not uploaded. {photos.length} of {MAX_PHOTOS} chosen.
      </p>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={full}
        aria-describedby={`${id}-hint`}
        aria-invalid={Boolean(error)}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // Extra picks beyond five are dropped (§5 "up to 5 photos kept").
          onChange(keepPhotos([...photos, ...picked]));
          // Cleared so choosing the same file again (after removing it) still fires a change.
          event.target.value = '';
        }}
      />
      {error ? <p className="field__error">{error}</p> : null}
      {previews.length > 0 ? (
        <ul className="photo-previews" aria-label="Chosen photos">
          {previews.map(({ file, url }, index) => (
            <li key={url}>
              <img src={url} alt={`Photo ${index + 1}: ${file.name}`} />
              <button
                type="button"
                className="link-button"
                aria-label={`Remove photo ${index + 1} (${file.name})`}
                onClick={() => onChange(photos.filter((p) => p !== file))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
