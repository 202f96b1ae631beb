import { SIGNED_OUT_BANNER_MS } from '@app/shared/constants';
import { SIGNED_OUT_BANNER } from '@app/shared/texts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Router state the logout navigates with (see app/account-menu.tsx). */
function cameFromLogout(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'signedOut' in state && state.signedOut === true;
}

/**
 * docs/product.md §2/§7: 'You've been signed out successfully.' for 15 seconds after logout. The logout lands
 * here with `{ signedOut: true }` in the router state; when the time is up the state is dropped
 * too, so a reload or a Back to this entry does not bring the banner back.
 */
export function SignedOutBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = cameFromLogout(location.state);
  const [visible, setVisible] = useState(signedOut);

  useEffect(() => {
    if (!signedOut) return;
    setVisible(true);
    const timer = setTimeout(() => {
      setVisible(false);
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    }, SIGNED_OUT_BANNER_MS);
    return () => clearTimeout(timer);
  }, [signedOut, location.key, location.pathname, location.search, navigate]);

  return (
    <div role="status" className="signed-out-banner-region">
      {visible ? <p className="signed-out-banner">{SIGNED_OUT_BANNER}</p> : null}
    </div>
  );
}
