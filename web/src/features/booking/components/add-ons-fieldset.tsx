import { BOOKABLE_ADD_ONS } from '@app/shared/booking-price';
import type { BookingFormInput } from '@app/shared/booking-form';
import type { UseFormRegister } from 'react-hook-form';
import { FieldError } from '../../../components/form/field';
import { formatDollars } from '../../../lib/money';

/** The priced add-ons the pricing page says can be added "when you book", each with its price. */
export function AddOnsFieldset({ register, error }: { register: UseFormRegister<BookingFormInput>; error?: string | undefined }) {
  return (
    <fieldset className="add-ons">
      <legend>Add-ons (optional)</legend>
      <div className="choice-list">
        {BOOKABLE_ADD_ONS.map((addOn) => (
          <label key={addOn.id} className="choice">
            <input type="checkbox" value={addOn.id} {...register('addOns')} />
            {addOn.name} — {formatDollars(addOn.priceCents ?? 0)}
          </label>
        ))}
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}
