import { COOKIE_CONSENT_KEY, COOKIE_CONSENT_VALUE } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { COOKIE_DISMISS, COOKIE_GOT_IT, COOKIE_NOTICE } from '@app/shared/frame-texts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon } from '../components/icons';

function hasConsent(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) === COOKIE_CONSENT_VALUE;
  } catch {
    return false;
  }
}

/**
 * docs/product.md §2/§9: shown until consent is stored in localStorage. "Got it" stores it; dismiss only hides
 * the banner for this visit, so it comes back on the next page load. It appears only after the
 * page is interactive (the pre-rendered HTML cannot know about localStorage) and floats over the
 * page, so its arrival moves no content.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(!hasConsent()), []);
  if (!visible) return null;

  const accept = () => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, COOKIE_CONSENT_VALUE);
    } catch {
      /* storage disabled: hide for this visit anyway */
    }
    setVisible(false);
  };

  return (
    <section className="cookie-banner" aria-label="Cookie notice">
      <p>
        {COOKIE_NOTICE} <Link to={`${CLIENT_ROUTES.legal}?policy=cookie`}>Cookie Policy</Link>
      </p>
      <div className="cookie-banner__actions">
        <button type="button" className="button" onClick={accept}>
          {COOKIE_GOT_IT}
        </button>
        <button type="button" className="icon-button" aria-label={COOKIE_DISMISS} onClick={() => setVisible(false)}>
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
