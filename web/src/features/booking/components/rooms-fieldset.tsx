import type { BookingFormInput } from '@app/shared/booking-form';
import { ROOM_COUNT_MAX, ROOM_FLAGS, type RoomCountField } from '@app/shared/rooms';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '../../../components/form/field';

const FLAG_LABELS: Record<(typeof ROOM_FLAGS)[number], string> = {
  livingRoom: 'Living room',
  diningRoom: 'Dining room',
  kitchen: 'Kitchen',
  office: 'Office',
  laundryRoom: 'Laundry room',
  basement: 'Basement',
  garage: 'Garage',
};

const COUNT_LABELS: Record<RoomCountField, string> = {
  bathroomCount: 'Bathrooms',
  mainLevelBedrooms: 'Bedrooms on the main level',
  topLevelBedrooms: 'Bedrooms on the top level',
  otherRooms: 'Other rooms',
};

const COUNT_FIELDS = Object.keys(ROOM_COUNT_MAX) as RoomCountField[];

interface RoomsFieldsetProps {
  register: UseFormRegister<BookingFormInput>;
  errors: FieldErrors<BookingFormInput>['rooms'];
}

/** The rooms of docs/product.md §3: which rooms to clean (booleans) and how many of each counted kind. */
export function RoomsFieldset({ register, errors }: RoomsFieldsetProps) {
  return (
    <fieldset>
      <legend>Rooms to clean</legend>
      <div className="choice-list">
        {ROOM_FLAGS.map((flag) => (
          <label key={flag} className="choice">
            <input type="checkbox" {...register(`rooms.${flag}`)} />
            {FLAG_LABELS[flag]}
          </label>
        ))}
      </div>
      <div className="form-grid">
        {COUNT_FIELDS.map((count) => (
          <Field key={count} label={COUNT_LABELS[count]} error={errors?.[count]?.message}>
            {(control) => (
              <input {...control} type="number" inputMode="numeric" min={0} max={ROOM_COUNT_MAX[count]} step={1} {...register(`rooms.${count}`)} />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
