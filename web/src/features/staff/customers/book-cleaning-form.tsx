import { BOOKABLE_ADD_ONS, FREQUENCY_LABELS, RECURRING_FAMILY, RECURRING_FREQUENCIES, VISIT_TYPE_LABELS, VISIT_TYPES } from '@app/shared/booking-price';
import { formatCalendarDay, formatEasternClock, minBookingDate } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import { officeBookingSchema, officeBookingStart, type OfficeBooking, type OfficeBookingInput, type OfficeBookingResult } from '@app/shared/office-booking';
import { priceQuote } from '@app/shared/quote';
import { DURATION_MINUTES, defaultDurationMinutes, durationText, type ScheduleWarning } from '@app/shared/schedule';
import { SERVICE_FAMILY_NAMES } from '@app/shared/services';
import { SQUARE_FOOTAGE_BANDS } from '@app/shared/square-footage';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ChoiceGroup } from '../../../components/form/choice-group';
import { Field, FieldError, RequiredNote } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import { QuoteLines } from '../../../components/quote-lines';
import { createIdempotencyKeys } from '../../../lib/idempotency-key';
import { centsOf } from '../common/deal-quote';
import { CleanerOptions } from '../common/cleaner-field';
import { useOwners } from '../common/get-owners';
import { ScheduleWarnings } from '../common/schedule-warnings';
import { useStaffForm } from '../common/use-staff-form';
import { bookForCustomer, checkOfficeBooking } from './book-for-customer';
import { contactDetailsQuery } from './get-contact-details';

const DURATIONS = Array.from({ length: (DURATION_MINUTES.max - DURATION_MINUTES.min) / 30 + 1 }, (_, i) => DURATION_MINUTES.min + i * 30);
const schema = officeBookingSchema();
const asNumber = { setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)) };
/** Dollars typed by staff as the schema's cents ('-20' → -2000); a blank is no adjustment. */
const asCents = { setValueAs: (v: unknown) => (typeof v === 'number' ? v : (centsOf(String(v ?? '')) ?? Number.NaN)) };
const blankAsMissing = { setValueAs: (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v) };

function Booked({ result, booking, cleaner, onAgain }: { result: OfficeBookingResult; booking: OfficeBooking; cleaner: string; onAgain: () => void }) {
  const start = officeBookingStart(booking);
  return (
    <section className="success-panel" aria-labelledby="office-booked-heading" data-office-booked={result.dealId}>
      <h4 id="office-booked-heading" tabIndex={-1} ref={(heading) => heading?.focus()}>
        Booked: {booking.serviceType} on {formatCalendarDay(booking.date)} at {formatEasternClock(start)}
      </h4>
      <p className="status-note" role="status">
        {result.reference}, with {cleaner}. It is saved here and reaches HubSpot as a deal of this customer within seconds.
      </p>
      <p>
        <Link className="button" to={`${CLIENT_ROUTES.adminCleaning}?id=${encodeURIComponent(result.dealId)}`}>
          Open the cleaning
        </Link>{' '}
        <button type="button" className="button button--ghost" onClick={onAgain}>
          Book another
        </button>
      </p>
    </section>
  );
}

/**
 * The office books a cleaning for the customer on the phone: service, size, add-ons and price by
 * the booking's own rules (the quote's pricing, the 5-day minimum in Eastern Time), then date,
 * time, duration and cleaner as scheduling takes them, its warnings first (docs/staff-actions.md).
 */
export function BookCleaningForm({ contactId, onClose }: { contactId: string; onClose: () => void }) {
  const { form, formRef, failure, onSubmit, showFailure } = useStaffForm<OfficeBookingInput, OfficeBooking>(schema, {
    serviceType: 'Basic Clean',
    squareFootage: 1000,
    addOns: [],
    firstBookingDiscount: false,
    date: minBookingDate(),
    startTime: '09:00',
    durationMinutes: defaultDurationMinutes('Basic Clean'),
  });
  const { register, watch, setValue, formState: { errors } } = form;
  const owners = useOwners();
  const client = useQueryClient();
  const [keyFor] = useState(createIdempotencyKeys);
  const [warnings, setWarnings] = useState<ScheduleWarning[] | null>(null);
  const [booked, setBooked] = useState<{ result: OfficeBookingResult; booking: OfficeBooking } | null>(null);
  // Any change after the warnings were shown is a new plan: checked again before it is saved.
  useEffect(() => {
    const watching = watch(() => setWarnings(null));
    return () => watching.unsubscribe();
  }, [watch]);

  const book = useMutation({
    mutationFn: async (booking: OfficeBooking) => {
      const body: OfficeBookingInput = warnings?.length ? { ...booking, acceptWarnings: warnings.map((w) => w.code) } : booking;
      if (!warnings?.length) {
        const found = await checkOfficeBooking(contactId, body);
        if (found.length > 0) return { warnings: found };
      }
      return { warnings: null, result: await bookForCustomer(contactId, body, keyFor(JSON.stringify(body))), booking };
    },
    onSuccess: (outcome) => {
      if (outcome.warnings) return setWarnings(outcome.warnings);
      setBooked(outcome);
      void client.invalidateQueries({ queryKey: contactDetailsQuery(contactId).queryKey });
    },
    onError: showFailure,
  });

  const values = watch();
  const recurring = values.serviceType === RECURRING_FAMILY;
  const adjustmentCents = Number.isInteger(values.adjustmentCents) ? (values.adjustmentCents as number) : 0;
  const price =
    values.serviceType && values.squareFootage
      ? priceQuote({ ...(values as OfficeBooking), addOns: values.addOns ?? [], firstBookingDiscount: values.firstBookingDiscount ?? false, adjustmentCents })
      : null;

  if (booked) {
    const owner = owners.data?.find((o) => o.id === booked.booking.ownerId);
    return (
      <Booked
        result={booked.result}
        booking={booked.booking}
        cleaner={owner?.name ?? owner?.email ?? 'the cleaner'}
        onAgain={() => {
          setBooked(null);
          setWarnings(null);
          form.reset();
          book.reset();
        }}
      />
    );
  }

  const warned = warnings !== null && warnings.length > 0;
  return (
    <form ref={formRef} className="form office-booking" noValidate aria-labelledby="office-booking-heading" aria-busy={book.isPending} onSubmit={onSubmit((v) => book.mutate(v))}>
      <h4 id="office-booking-heading">Book a cleaning</h4>
      <RequiredNote />
      <div className="form-grid">
        <Field label="Service" required error={errors.serviceType?.message}>
          {(props) => (
            <select {...props} {...register('serviceType', { onChange: (e: { target: { value: string } }) => setValue('durationMinutes', defaultDurationMinutes(e.target.value)) })}>
              {SERVICE_FAMILY_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Home size (sq ft)" required error={errors.squareFootage?.message}>
          {(props) => (
            <select {...props} {...register('squareFootage', asNumber)}>
              {SQUARE_FOOTAGE_BANDS.map((band) => (
                <option key={band.key} value={band.key}>
                  {band.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {recurring ? (
        <div className="form-grid">
          <ChoiceGroup legend="Visit" required options={VISIT_TYPES.map((v) => ({ value: v, label: VISIT_TYPE_LABELS[v] }))} registration={register('visitType')} error={errors.visitType?.message} />
          <ChoiceGroup
            legend="How often"
            required
            options={RECURRING_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
            registration={register('frequency')}
            error={errors.frequency?.message}
          />
        </div>
      ) : null}
      <fieldset>
        <legend>Add-ons (optional)</legend>
        <div className="choice-list">
          {BOOKABLE_ADD_ONS.map((addOn) => (
            <label key={addOn.id} className="choice">
              <input type="checkbox" value={addOn.id} {...register('addOns')} />
              {addOn.name} — {formatUsd(addOn.priceCents ?? 0)}
            </label>
          ))}
        </div>
        <FieldError message={errors.addOns?.message} />
      </fieldset>
      <label className="choice">
        <input type="checkbox" {...register('firstBookingDiscount')} />
        First-booking discount
      </label>
      <div className="form-grid">
        <Field label="Adjustment (USD, optional)" hint="A negative amount takes off." error={errors.adjustmentCents?.message}>
          {(props) => <input {...props} inputMode="decimal" placeholder="0.00" autoComplete="off" {...register('adjustmentCents', asCents)} />}
        </Field>
        {adjustmentCents !== 0 ? (
          <Field label="Reason for the adjustment" required error={errors.adjustmentReason?.message}>
            {(props) => <input {...props} autoComplete="off" {...register('adjustmentReason', blankAsMissing)} />}
          </Field>
        ) : null}
      </div>
      <div aria-live="polite">{price ? <QuoteLines price={price} caption="The customer pays" /> : null}</div>
      <div className="form-grid">
        <Field label="Date" required hint={values.date ? formatCalendarDay(values.date) : undefined} error={errors.date?.message}>
          {(props) => <input {...props} type="date" min={minBookingDate()} {...register('date')} />}
        </Field>
        <Field label="Start time (Eastern)" required error={errors.startTime?.message}>
          {(props) => <input {...props} type="time" step={900} {...register('startTime')} />}
        </Field>
        <Field label="Expected duration" required error={errors.durationMinutes?.message}>
          {(props) => (
            <select {...props} {...register('durationMinutes', asNumber)}>
              {DURATIONS.map((m) => (
                <option key={m} value={m}>
                  {durationText(m)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Cleaner" required error={errors.ownerId?.message}>
          {(props) => (
            <select {...props} {...register('ownerId')}>
              <CleanerOptions owners={owners.data} />
            </select>
          )}
        </Field>
      </div>
      {warned ? <ScheduleWarnings warnings={warnings} lead="Before you book:" /> : null}
      <FormAlert message={failure} />
      <p className="form-actions">
        <button type="submit" className="button" disabled={book.isPending}>
          {book.isPending ? 'Booking…' : warned ? 'Book anyway' : 'Book the cleaning'}
        </button>{' '}
        <button type="button" className="button button--ghost" onClick={onClose}>
          Close the form
        </button>
      </p>
    </form>
  );
}
