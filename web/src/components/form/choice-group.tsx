import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from './field';

interface ChoiceGroupProps {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** register(name) of the field; every radio shares it. */
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  required?: boolean;
}

/** A set of radio buttons in a fieldset, its legend naming the question and its error under it. */
export function ChoiceGroup({ legend, options, registration, error, required = false }: ChoiceGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div className="choice-list">
        {options.map((option) => (
          <label key={option.value} className="choice">
            <input type="radio" value={option.value} required={required} {...registration} />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
