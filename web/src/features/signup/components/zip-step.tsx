import { zodResolver } from '@hookform/resolvers/zod';
import { ZIP_LENGTH } from '@app/shared/constants';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { notifyZipField, waitlistZipField } from '@app/shared/subscribe';
import { NOTIFY_ZIP_NOT_SERVED, waitlistLink } from '@app/shared/texts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Field } from '../../../components/form/field';

// The pre-launch page takes zips we serve (docs/product.md §5); the waitlist takes the others.
const SCHEMAS = { prelaunch: z.object({ zip: notifyZipField }), waitlist: z.object({ zip: waitlistZipField }) };
type ZipStepInput = z.input<(typeof SCHEMAS)['prelaunch']>;

/**
 * Step 1 (docs/product.md §4/§5): a 5-digit zip the list takes moves on; anything else says why. On the
 * pre-launch page, a zip outside the service area is also offered the waitlist.
 */
export function ZipStep({ list = 'prelaunch', onAccepted }: { list?: keyof typeof SCHEMAS; onAccepted: (zip: string) => void }) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<ZipStepInput, unknown, z.output<(typeof SCHEMAS)['prelaunch']>>({
    resolver: zodResolver(SCHEMAS[list]),
    defaultValues: { zip: '' },
  });
  const notServed = list === 'prelaunch' && errors.zip?.message === NOTIFY_ZIP_NOT_SERVED;
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(({ zip }) => onAccepted(zip))(event)}>
      <Field label="Your zip code" required error={errors.zip?.message}>
        {(props) => (
          // Not filtered as typed: the §5 message is what tells someone a zip is digits only.
          <input {...props} type="text" inputMode="numeric" autoComplete="postal-code" maxLength={ZIP_LENGTH + 5} {...register('zip')} />
        )}
      </Field>
      {notServed ? (
        <p>
          <Link to={`${CLIENT_ROUTES.waitlist}?zip=${encodeURIComponent(getValues('zip').trim())}`}>{waitlistLink(getValues('zip').trim())}</Link>
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button">
          Check my zip
        </button>
      </div>
    </form>
  );
}
