import { bookingFailureMessage, bookingNetworkFailureMessage } from '@app/shared/api-responses';
import { isOnOrAfterMinDate, minPortalDate } from '@app/shared/eastern-time';
import type { ContactProfile } from '@app/shared/entities';
import { TIMES_OF_DAY } from '@app/shared/form-fields';
import { ADD_ONS, servicesForSqft } from '@app/shared/services';
import { SQUARE_FOOTAGE_BANDS } from '@app/shared/square-footage';
import { REQUEST_SUBMITTED } from '@app/shared/texts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { formatDollars } from '../../../lib/money';
import { ApiError } from '../../../lib/api-client';
import { useRequestPortalBooking } from '../api/request-booking';
import { Modal, ModalFormActions } from '../../../components/modal';

type TimeOfDay = (typeof TIMES_OF_DAY)[number];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const priceText = (cents: number | null, unit: 'visit' | 'hour') =>
  cents === null ? 'priced on site' : `${formatDollars(cents)}${unit === 'hour' ? ' per hour' : ''}`;

const knownSqftOffers = (sqft: number | null, serviceId: string) => sqft !== null && servicesForSqft(sqft).some((s) => s.id === serviceId);

function failureText(error: unknown): string {
  if (error instanceof ApiError) return bookingFailureMessage(error.serverMessage);
  return bookingNetworkFailureMessage(error);
}

interface ScheduleModalProps {
  profile: ContactProfile;
  /** "Book again": the service of a past cleaning, chosen already when it is offered for this home. */
  initialService?: string | null;
  onClose: () => void;
}

/**
 * docs/product.md §2/§5: schedule a new clean. The services offered are those whose square-footage range
 * holds the contact's home (add-ons apart), add-ons are optional, the date is at least 3 days out
 * (Eastern) and a time of day is chosen; until all that holds, submit stays disabled. A stored
 * request shows the submitted state.
 */
export function ScheduleModal({ profile, initialService = null, onClose }: ScheduleModalProps) {
  const ids = useId();
  const [knownSqft] = useState(profile.squareFootage ?? null);
  const [sqft, setSqft] = useState<number | null>(knownSqft);
  const [address, setAddress] = useState(profile.address ?? '');
  const [serviceType, setServiceType] = useState(() =>
    initialService && knownSqftOffers(profile.squareFootage ?? null, initialService) ? initialService : '',
  );
  const [addOns, setAddOns] = useState<string[]>([]);
  const [preferredDate, setPreferredDate] = useState('');
  const [timeOfDay, setTimeOfDay] = useState<TimeOfDay | ''>('');
  const [description, setDescription] = useState('');
  const mutation = useRequestPortalBooking();
  const minDate = minPortalDate();
  const services = useMemo(() => (sqft === null ? [] : servicesForSqft(sqft)), [sqft]);

  const valid =
    sqft !== null &&
    address.trim() !== '' &&
    services.some((s) => s.id === serviceType) &&
    isOnOrAfterMinDate(preferredDate, minDate) &&
    timeOfDay !== '';
  const chosenTime: TimeOfDay | null = timeOfDay === '' ? null : timeOfDay;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || mutation.isPending || sqft === null || chosenTime === null) return;
    mutation.mutate({
      contactId: profile.id,
      name: profile.name,
      email: profile.email,
      phone: profile.phone ?? '',
      address: address.trim(),
      squareFootage: sqft,
      serviceType,
      addOns,
      preferredDate,
      timeOfDay: chosenTime,
      rooms: {},
      description: description.trim() || undefined,
    });
  };

  const toggleAddOn = (id: string, on: boolean) =>
    setAddOns((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  if (mutation.isSuccess) {
    return (
      <Modal
        title="Schedule a new clean"
        onClose={onClose}
        className="dialog--stack"
        status={
          <div className="portal-submitted">
            <p className="portal-submitted__title">{REQUEST_SUBMITTED}</p>
            {mutation.data.message ? <p>{mutation.data.message}</p> : null}
          </div>
        }
      >
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title="Schedule a new clean" onClose={onClose} className="dialog--stack">
      <form className="form" onSubmit={onSubmit} aria-busy={mutation.isPending}>
        {knownSqft === null ? (
          <div className="field">
            <label htmlFor={`${ids}-sqft`}>Home size (sq ft)</label>
            <select
              id={`${ids}-sqft`}
              value={sqft ?? ''}
              onChange={(event) => {
                setSqft(event.target.value === '' ? null : Number(event.target.value));
                setServiceType('');
              }}
            >
              <option value="">Choose one…</option>
              {SQUARE_FOOTAGE_BANDS.map((band) => (
                <option key={band.key} value={band.key}>
                  {band.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {profile.address ? null : (
          <div className="field">
            <label htmlFor={`${ids}-address`}>Service address</label>
            <input id={`${ids}-address`} value={address} onChange={(event) => setAddress(event.target.value)} />
          </div>
        )}
        <fieldset>
          <legend>Service</legend>
          {services.length === 0 ? <p className="fine-print">Choose your home size first.</p> : null}
          {services.map((service) => (
            <label key={service.id} className="choice">
              <input
                type="radio"
                name="serviceType"
                value={service.id}
                checked={serviceType === service.id}
                onChange={() => setServiceType(service.id)}
              />
              <span>
                {service.name} — {priceText(service.priceCents, service.unit)}
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Add-ons (optional)</legend>
          {ADD_ONS.map((addOn) => (
            <label key={addOn.id} className="choice">
              <input
                type="checkbox"
                value={addOn.id}
                checked={addOns.includes(addOn.id)}
                onChange={(event) => toggleAddOn(addOn.id, event.target.checked)}
              />
              <span>
                {addOn.name} — {priceText(addOn.priceCents, addOn.unit)}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${ids}-date`}>Preferred date</label>
            <input
              id={`${ids}-date`}
              type="date"
              min={minDate}
              aria-describedby={`${ids}-date-hint`}
              value={preferredDate}
              onChange={(event) => setPreferredDate(event.target.value)}
            />
            <p id={`${ids}-date-hint`} className="field__hint">
              At least 3 days from today.
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-time`}>Time of day</label>
            <select id={`${ids}-time`} value={timeOfDay} onChange={(event) => setTimeOfDay(event.target.value as TimeOfDay | '')}>
              <option value="">Choose one…</option>
              {TIMES_OF_DAY.map((time) => (
                <option key={time} value={time}>
                  {capitalise(time)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-notes`}>Notes (optional)</label>
          <textarea id={`${ids}-notes`} maxLength={2000} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
        {mutation.isError ? (
          <p role="alert" className="alert">
            {failureText(mutation.error)}
          </p>
        ) : null}
        <ModalFormActions submit="Request cleaning" pending={mutation.isPending} disabled={!valid} onClose={onClose} />
      </form>
    </Modal>
  );
}
