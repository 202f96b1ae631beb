import { COOKIE_CONSENT_KEY, COOKIE_CONSENT_VALUE } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { COOKIE_DISMISS, COOKIE_GOT_IT, COOKIE_NOTICE } from '@app/shared/frame-texts';
import { useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../components/icons';
import { useHydrated } from '../lib/use-hydrated';

function hasConsent(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) === COOKIE_CONSENT_VALUE;
  } catch {
    return false;
  }
}

/**
 * docs/product.md §2/§9: shown until consent is stored in localStorage. "Got it" stores it; dismiss only hides
 * the banner for this visit, so it comes back on the next page load. On a pre-rendered page it
 * appears once the page has hydrated (the HTML cannot know about localStorage); on a page the
 * browser renders from nothing (booking, login, portal, staff) it comes with the first paint, not
 * one render later: there it is often the largest text of a phone's first screen, and so the
 * paint Lighthouse takes for the page's largest contentful paint; there the build's pre-rendered
 * frame (inFrame) paints it before the app's code arrives. It floats over the page, so its arrival
 * moves no content.
 */
export function CookieBanner({ inFrame = false }: { inFrame?: boolean }) {
  const inBrowser = useHydrated();
  const [closed, setClosed] = useState(false);
  // The pre-rendered frame of the portal and staff area (app.tsx) paints it with the HTML; the
  // stylesheet hides it there for a visitor who accepted it (shared/src/cookie-consent-flag.ts).
  if (!inFrame && (!inBrowser || closed || hasConsent())) return null;

  const accept = () => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, COOKIE_CONSENT_VALUE);
    } catch {
      /* storage disabled: hide for this visit anyway */
    }
    setClosed(true);
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
        <button type="button" className="icon-button" aria-label={COOKIE_DISMISS} onClick={() => setClosed(true)}>
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
