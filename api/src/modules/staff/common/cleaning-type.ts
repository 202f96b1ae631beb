import { findProduct } from '@app/shared/catalogue';
import { CALENDAR_DEFAULT_TITLE } from '@app/shared/texts';

/** The cleaning type shown in the calendar: a catalogue product's name for a product id, else as stored. */
export function cleaningType(serviceType: string | null): string {
  if (!serviceType?.trim()) return CALENDAR_DEFAULT_TITLE;
  return findProduct(serviceType)?.name ?? serviceType;
}
