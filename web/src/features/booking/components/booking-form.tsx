import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY } from '../../../lib/company';
import { bookingFormSchema, toBookingRequest, type BookingFormInput, type BookingFormValues } from '@app/shared/booking-form';
import { BOOKING_MIN_DAYS_AHEAD, STATE_LENGTH, ZIP_LENGTH } from '@app/shared/constants';
import { minBookingDate } from '@app/shared/eastern-time';
import { FREQUENCY_LABELS, RECURRING_FAMILY, RECURRING_FREQUENCIES, VISIT_TYPES, VISIT_TYPE_LABELS } from '@app/shared/booking-price';
import { CONTACT_METHODS, QUOTE_TYPES, TIMES_OF_DAY } from '@app/shared/form-fields';
import { SERVICE_FAMILY_NAMES } from '@app/shared/services';
import { smsConsentWords, TEXT_CONTACT_WITHOUT_TEXTS } from '@app/shared/sms-consent';
import { SQUARE_FOOTAGE_BANDS } from '@app/shared/square-footage';
import { bookingZipWarning, zipInput } from '@app/shared/zip-check';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import { Controller, useForm, type DefaultValues, type Path } from 'react-hook-form';
import { ChoiceGroup } from '../../../components/form/choice-group';
import { ConsentField, SubmitRow } from '../../../components/form/consent-field';
import { Field, RequiredNote } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { tidyPhoneOnBlur } from '../../../components/form/tidy-phone';
import { FormAlert } from '../../../components/form/form-alert';
import { TextsOptInField } from '../../../components/form/texts-opt-in-field';
import type { BookingSelection } from '../../../lib/booking-link';
import { useHydrated } from '../../../lib/use-hydrated';
import { useBookingSubmit } from '../hooks/use-booking-submit';
import { AddOnsFieldset } from './add-ons-fieldset';
import { readDraft } from './booking-choices';
import { BookingBar, BookingSummary } from './booking-summary';
import { PhotoPicker } from './photo-picker';
import { RoomsFieldset } from './rooms-fieldset';
import { SubmitOverlay } from './submit-overlay';
import '../booking.css';

/** The agreement, the text box and the text message terms the form shows, and whose version it sends. */
const SMS_CONSENT = smsConsentWords('booking', COMPANY);

// Option values are the shared schema's; only the labels are chosen here.
const CONTACT_METHOD_LABELS: Record<(typeof CONTACT_METHODS)[number], string> = {
  phone: 'Phone call',
  text: 'Text message',
  email: 'Email',
};
const QUOTE_TYPE_LABELS: Record<(typeof QUOTE_TYPES)[number], string> = { 'in-person': 'In person', virtual: 'Virtual (video call)' };
const TIME_OF_DAY_LABELS: Record<(typeof TIMES_OF_DAY)[number], string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};

/** The select's options: the bands the pricing link offers (all bands when it named none). */
function sqftOptions(selection: BookingSelection) {
  const offered = SQUARE_FOOTAGE_BANDS.filter((band) => selection.sqft.includes(band.key));
  return offered.length > 0 ? offered : SQUARE_FOOTAGE_BANDS;
}

function defaultValues(selection: BookingSelection): DefaultValues<BookingFormInput> {
  const options = sqftOptions(selection);
  return {
    name: '',
    email: '',
    phone: '',
    address: { street: '', city: '', state: '', zip: '' },
    // A link that offers exactly one band has already chosen it.
    squareFootage: options.length === 1 && options[0] ? String(options[0].key) : '',
    // Not necessarily a service we offer (the link is just a URL): the schema then says so.
    serviceType: selection.service as BookingFormInput['serviceType'],
    preferredDate: '',
    description: '',
    rooms: { bathroomCount: 0, mainLevelBedrooms: 0, topLevelBedrooms: 0, otherRooms: 0 },
    // The checkbox starts unticked; the schema accepts only true (the §5 consent alert).
    agreed: false as unknown as true,
    // Texts are optional: unticked until the visitor ticks it.
    textsAgreed: false,
    photos: [],
    addOns: [],
  };
}

/** A numbered section of the form: its heading names the group for assistive technology too. */
function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend>
        <h2>{title}</h2>
      </legend>
      {children}
    </fieldset>
  );
}

/** The public booking form (docs/product.md §3, §5), submitted by the §4 sequence; `selection` comes from the pricing link. */
export function BookingForm({ selection }: { selection: BookingSelection }) {
  const schema = useMemo(() => bookingFormSchema({ legalName: COMPANY.legalName }), []);
  const {
    register,
    setValue,
    handleSubmit,
    control,
    watch,
    setError,
    formState: { errors },
  } = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(schema),
    shouldFocusError: false,
    defaultValues: defaultValues(selection),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { phase, failure, submit } = useBookingSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  // The date rule depends on today in Eastern time: read the clock only in the browser, after hydration.
  const minDate = hydrated ? minBookingDate() : undefined;

  const formId = useId();
  const zip = watch('address.zip') ?? '';
  const zipWarning = bookingZipWarning(zip);
  const busy = phase !== 'idle';
  const [serviceType, squareFootage, frequency, visitType, addOns, preferredDate, timeOfDay, contactMethod, textsAgreed] = watch([
    'serviceType',
    'squareFootage',
    'frequency',
    'visitType',
    'addOns',
    'preferredDate',
    'timeOfDay',
    'contactMethod',
    'textsAgreed',
  ]);
  const choice = readDraft({
    serviceType: serviceType ?? '',
    squareFootage: String(squareFootage ?? ''),
    frequency: typeof frequency === 'string' ? frequency : '',
    visitType: typeof visitType === 'string' ? visitType : '',
    addOns: Array.isArray(addOns) ? addOns.filter((id): id is string => typeof id === 'string') : [],
    preferredDate: preferredDate ?? '',
    timeOfDay: typeof timeOfDay === 'string' ? timeOfDay : '',
  });
  const recurring = choice.service === RECURRING_FAMILY;
  const when = { preferredDate: preferredDate ?? '', timeOfDay: typeof timeOfDay === 'string' ? timeOfDay : '' };
  // "Text message" brings the text box to the choice: it is what makes texts possible. Optional
  // all the same (docs/product.md §5 asks for a contact method and the agreement only), so
  // unticked it says what happens instead, and never blocks the request.
  const textsAtContactChoice = contactMethod === 'text';
  const textsBox = (
    <TextsOptInField
      termsId="booking-sms-terms"
      errorId="booking-texts-error"
      error={errors.textsAgreed?.message}
      registration={register('textsAgreed')}
      label={SMS_CONSENT.textsOptIn ?? ''}
      disclosure={SMS_CONSENT.disclosure}
      note={textsAtContactChoice && textsAgreed !== true ? TEXT_CONTACT_WITHOUT_TEXTS : undefined}
      noteId="booking-texts-note"
    />
  );

  const onValid = async (values: BookingFormValues) => {
    const refused = await submit(toBookingRequest(values, SMS_CONSENT.version));
    // The server names the field it refused (its messages are the same as the form's).
    if (refused?.field) setError(refused.field as Path<BookingFormInput>, { type: 'server', message: refused.message });
  };

  return (
    <div className="booking-layout">
      <form
        ref={formRef}
        id={formId}
        className="form booking-form"
        noValidate
        inert={busy}
        aria-busy={busy}
        onSubmit={(event) => void handleSubmit(onValid, () => focusFirstError(formRef.current))(event)}
      >
        <RequiredNote />

        <FormSection title="1. Your cleaning">
          <div className="form-grid">
            <Field label="Service" required error={errors.serviceType?.message}>
              {(props) => (
                <select {...props} {...register('serviceType')}>
                  <option value="">Choose a service</option>
                  {SERVICE_FAMILY_NAMES.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Square footage" required error={errors.squareFootage?.message}>
              {(props) => (
                <select {...props} {...register('squareFootage')}>
                  <option value="">Select your home&apos;s size</option>
                  {sqftOptions(selection).map((band) => (
                    <option key={band.key} value={String(band.key)}>
                      {band.label} sq ft
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          {recurring ? (
            <>
              <ChoiceGroup
                legend="How often?"
                required
                options={RECURRING_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))}
                registration={register('frequency')}
                error={errors.frequency?.message}
              />
              <ChoiceGroup
                legend="Each visit"
                required
                options={VISIT_TYPES.map((value) => ({ value, label: VISIT_TYPE_LABELS[value] }))}
                registration={register('visitType')}
                error={errors.visitType?.message}
              />
            </>
          ) : null}
          <AddOnsFieldset register={register} error={errors.addOns?.message} />
        </FormSection>

        <FormSection title="2. When">
          <div className="form-grid">
            <Field
              label="Preferred date"
              required
              hint={`At least ${BOOKING_MIN_DAYS_AHEAD} days from today.`}
              error={errors.preferredDate?.message}
            >
              {(props) => <input {...props} type="date" min={minDate} {...register('preferredDate')} />}
            </Field>
            <Field label="Time of day" required error={errors.timeOfDay?.message}>
              {(props) => (
                <select {...props} {...register('timeOfDay')}>
                  <option value="">Choose a time of day</option>
                  {TIMES_OF_DAY.map((time) => (
                    <option key={time} value={time}>
                      {TIME_OF_DAY_LABELS[time]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <ChoiceGroup
            legend="Free 15-minute pre-visit assessment"
            required
            options={QUOTE_TYPES.map((value) => ({ value, label: QUOTE_TYPE_LABELS[value] }))}
            registration={register('quoteType')}
            error={errors.quoteType?.message}
          />
        </FormSection>

        <FormSection title="3. Your home">
          <RoomsFieldset register={register} errors={errors.rooms} />
        </FormSection>

        <FormSection title="4. About you">
          <div className="form-grid">
            <Field label="Full name" required error={errors.name?.message}>
              {(props) => <input {...props} type="text" autoComplete="name" {...register('name')} />}
            </Field>
            <Field label="Email" required error={errors.email?.message}>
              {(props) => <input {...props} type="email" autoComplete="email" {...register('email')} />}
            </Field>
            <Field label="Phone" required hint="US numbers only: 10 digits." error={errors.phone?.message}>
              {(props) => <input {...props} type="tel" autoComplete="tel-national" inputMode="tel" {...register('phone', tidyPhoneOnBlur((value) => setValue('phone', value)))} />}
            </Field>
          </div>
          <ChoiceGroup
            legend="How should we contact you?"
            required
            options={CONTACT_METHODS.map((value) => ({ value, label: CONTACT_METHOD_LABELS[value] }))}
            registration={register('contactMethod')}
            error={errors.contactMethod?.message}
          />
          {textsAtContactChoice ? textsBox : null}
        </FormSection>

        <FormSection title="5. Address">
          <div className="form-grid">
            <Field label="Street address" required error={errors.address?.street?.message} className="field--wide">
              {(props) => <input {...props} type="text" autoComplete="street-address" {...register('address.street')} />}
            </Field>
            <Field label="City" required error={errors.address?.city?.message}>
              {(props) => <input {...props} type="text" autoComplete="address-level2" {...register('address.city')} />}
            </Field>
            <Field label="State" required hint="2 letters, e.g. GA" error={errors.address?.state?.message}>
              {(props) => {
                const field = register('address.state');
                return (
                  <input
                    {...props}
                    type="text"
                    autoComplete="address-level1"
                    maxLength={STATE_LENGTH}
                    {...field}
                    onChange={(event) => {
                      event.target.value = event.target.value.toUpperCase();
                      return field.onChange(event);
                    }}
                  />
                );
              }}
            </Field>
            <Field label="Zip code" required error={errors.address?.zip?.message}>
              {(props) => {
                const field = register('address.zip');
                return (
                  <input
                    {...props}
                    type="text"
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={ZIP_LENGTH}
                    {...field}
                    onChange={(event) => {
                      // Only digits can be typed, at most five (as in the zip checker).
                      event.target.value = zipInput(event.target.value);
                      return field.onChange(event);
                    }}
                  />
                );
              }}
            </Field>
          </div>
          {/* A warning only: an out-of-area request can still be sent (§5). */}
          <div role="status" className="zip-warning">
            {zipWarning ? <p className="notice">{zipWarning}</p> : null}
          </div>
        </FormSection>

        <FormSection title="6. Anything else?">
          <Field label="Description (optional)" hint="Pets, parking, areas that need extra care…" error={errors.description?.message}>
            {(props) => <textarea {...props} rows={4} {...register('description')} />}
          </Field>
          <Controller
            control={control}
            name="photos"
            render={({ field, fieldState }) => (
              <PhotoPicker photos={(field.value ?? []) as File[]} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        </FormSection>

        <ConsentField errorId="booking-consent-error" error={errors.agreed?.message} registration={register('agreed')}>
          {SMS_CONSENT.agreement}
        </ConsentField>
        {/* Texts on a box of their own, never needed to book (shared/src/sms-consent.ts). */}
        {textsAtContactChoice ? null : textsBox}

        <FormAlert message={failure} />

        <SubmitRow busy={busy} label="Request My Cleaning" busyLabel="Sending your request…" large />
      </form>
      {/* After the form: beside it on wide screens; on phones what is included and the trust panel follow it, the summary and price being the bar's. */}
      <BookingSummary choice={choice} {...when} />
      <BookingBar choice={choice} {...when} formId={formId} busy={busy} />
      <SubmitOverlay phase={phase} />
    </div>
  );
}
