import { tidyUsPhone } from '@app/shared/phone';
import type { FocusEvent } from 'react';

/** register() options of a phone input: once left, a valid number is shown back as (404) 555-7788 (the schema stores +1…). */
export function tidyPhoneOnBlur(set: (value: string) => void) {
  return {
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const tidy = tidyUsPhone(event.target.value);
      if (tidy !== null && tidy !== event.target.value) set(tidy);
    },
  };
}
