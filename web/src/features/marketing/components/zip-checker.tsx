import { ZIP_LENGTH } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { waitlistLink } from '@app/shared/marketing-texts';
import type * as ZipCheck from '@app/shared/zip-check';
import type { ZipCheckResult } from '@app/shared/zip-check';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';

type ZipCheckModule = typeof ZipCheck;

// The service-area list is only needed once someone checks a zip, so it is fetched on first focus
// instead of weighing down the home page's initial JavaScript.
let zipModule: Promise<ZipCheckModule> | undefined;
const loadZipCheck = () => (zipModule ??= import('@app/shared/zip-check'));

/** Digits only, at most five, as the person types (docs/product.md §5: only digits can be typed). */
const digitsOnly = (raw: string) => raw.replace(/\D/g, '').slice(0, ZIP_LENGTH);

/** docs/product.md §2/§4/§5: the zip coverage checker with its three results. */
export function ZipChecker() {
  const [zip, setZip] = useState('');
  const [result, setResult] = useState<{ kind: ZipCheckResult; message: string } | null>(null);
  const inputId = useId();
  const messageId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { checkZip, zipCheckMessage } = await loadZipCheck();
    const kind = checkZip(zip);
    setResult({ kind, message: zipCheckMessage(kind) });
  };

  return (
    <form className="zip-checker" onSubmit={(event) => void onSubmit(event)} noValidate>
      <label htmlFor={inputId}>Your zip code</label>
      <div className="zip-checker__row">
        <input
          id={inputId}
          name="zip"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={ZIP_LENGTH}
          placeholder="e.g. 30303"
          value={zip}
          aria-invalid={result?.kind === 'format'}
          aria-describedby={messageId}
          onFocus={() => void loadZipCheck()}
          onChange={(event) => {
            setZip(digitsOnly(event.target.value));
            setResult(null);
          }}
        />
        <button type="submit" className="button">
          Check my zip
        </button>
      </div>
      <div id={messageId} className="zip-checker__result" role="status" data-result={result?.kind}>
        {result ? (
          <p>
            {result.message}{' '}
            {result.kind === 'valid' ? <Link to={CLIENT_ROUTES.pricing}>See prices and book</Link> : null}
            {/* Out of area: the waitlist takes this zip (the pre-launch page only takes zips we serve). */}
            {result.kind === 'invalid' ? <Link to={`${CLIENT_ROUTES.waitlist}?zip=${zip}`}>{waitlistLink(zip)}</Link> : null}
          </p>
        ) : null}
      </div>
    </form>
  );
}
