import { zodResolver } from '@hookform/resolvers/zod';
import { ZIP_LENGTH } from '@app/shared/constants';
import { notifyZipField } from '@app/shared/subscribe';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/form/field';

const zipStepSchema = z.object({ zip: notifyZipField });

/** Step 1 (spec §4/§5): a 5-digit zip inside the service area moves on; anything else says why. */
export function ZipStep({ onServed }: { onServed: (zip: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof zipStepSchema>, unknown, z.output<typeof zipStepSchema>>({
    resolver: zodResolver(zipStepSchema),
    defaultValues: { zip: '' },
  });
  return (
    <form className="form" noValidate onSubmit={(event) => void handleSubmit(({ zip }) => onServed(zip))(event)}>
      <Field label="Your zip code" required error={errors.zip?.message}>
        {(props) => (
          // Not filtered as typed: the §5 message is what tells someone a zip is digits only.
          <input {...props} type="text" inputMode="numeric" autoComplete="postal-code" maxLength={ZIP_LENGTH + 5} {...register('zip')} />
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button">
          Check my zip
        </button>
      </div>
    </form>
  );
}
