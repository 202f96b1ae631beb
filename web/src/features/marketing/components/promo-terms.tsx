import { FIRST_BOOKING_DISCOUNT_PERCENT } from '@app/shared/constants';
import { CONTENT_LOAD_FAILED, PROMO_TERMS_LINK } from '@app/shared/marketing-texts';
import { lazy, Suspense, useState } from 'react';

// The dialog's code loads on first open; most visitors never open it.
const PolicyDialog = lazy(() => import('../../../components/policy-dialog').then((m) => ({ default: m.PolicyDialog })));

/** docs/product.md §2 Home: the promo-terms modal, loaded from the static promo page. */
export function PromoTerms() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {PROMO_TERMS_LINK}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PolicyDialog
            slug="promo"
            title={`${FIRST_BOOKING_DISCOUNT_PERCENT}% off your first booking: terms`}
            failureText={CONTENT_LOAD_FAILED}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
