import { CLIENT_ROUTES } from '@app/shared/routes';
import type { PlanFrequency } from '@app/shared/plan-schedule';
import {
  CLOSED_DAY_RULE_LABELS,
  CLOSED_DAY_RULES,
  newPlanSchema,
  NTH_WORDS,
  PLAN_NTHS,
  type NewPlan,
} from '@app/shared/recurring-plan';
import type { DealDetails } from '@app/shared/staff-board';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Field } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import { DealFormActions } from '../common/deal-form-actions';
import { useStaffForm } from '../common/use-staff-form';
import { FrequencyOptions } from './frequency-options';
import { useMakePlan } from './make-plan';

interface PlanFields {
  frequency: PlanFrequency;
  nth: string;
  recurringAddOns: string[];
  endDate: string;
  closedDayRule: (typeof CLOSED_DAY_RULES)[number];
}

const NTH_OPTIONS = [
  { value: '', label: 'The week of the first visit' },
  ...PLAN_NTHS.map((nth) => ({ value: String(nth), label: NTH_WORDS[nth].charAt(0).toUpperCase() + NTH_WORDS[nth].slice(1) })),
];

/** The form's values as the api takes them, checked by the api's own schema (each error under its field). */
const planFormSchema = z
  .object({ frequency: z.string(), nth: z.string(), recurringAddOns: z.array(z.string()), endDate: z.string(), closedDayRule: z.string() })
  .transform((fields, ctx) => {
    const parsed = newPlanSchema.safeParse({
      frequency: fields.frequency,
      ...(fields.frequency === 'monthly_nth_weekday' && fields.nth !== '' && { nth: Number(fields.nth) }),
      recurringAddOns: fields.recurringAddOns,
      endDate: fields.endDate === '' ? null : fields.endDate,
      closedDayRule: fields.closedDayRule,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [String(issue.path[0] ?? 'frequency')], message: issue.message });
    return z.NEVER;
  });

function MakePlanForm({ deal, proposal, onDone }: { deal: DealDetails; proposal: NonNullable<DealDetails['makePlan']>; onDone: (visits: number) => void }) {
  const mutation = useMakePlan();
  const defaults: PlanFields = { frequency: proposal.frequency, nth: '', recurringAddOns: [], endDate: '', closedDayRule: 'next_open_day' };
  const { form, formRef, failure, onSubmit, showFailure } = useStaffForm<PlanFields, NewPlan>(planFormSchema as unknown as z.ZodType<NewPlan, PlanFields>, defaults);
  const { register, control, formState: { errors } } = form;
  const frequency = useWatch({ control, name: 'frequency' });

  const send = (plan: NewPlan) => {
    if (mutation.isPending) return;
    mutation.mutate({ dealId: deal.id, ...plan }, { onSuccess: (made) => onDone(made.visits), onError: showFailure });
  };

  return (
    <form ref={formRef} className="form" noValidate aria-label="Recurring plan" aria-busy={mutation.isPending} onSubmit={onSubmit(send)}>
      <p className="fine-print">
        This cleaning becomes the first visit: {proposal.rule.charAt(0).toLowerCase() + proposal.rule.slice(1)}, with its cleaner and length. The visits of the next weeks are made at once, and kept made ahead.
      </p>
      <div className="form-grid">
        <Field label="How often" required error={errors.frequency?.message}>
          {(props) => (
            <select {...props} {...register('frequency')}>
              <FrequencyOptions />
            </select>
          )}
        </Field>
        {frequency === 'monthly_nth_weekday' ? (
          <Field label="Week of the month" error={errors.nth?.message}>
            {(props) => (
              <select {...props} {...register('nth')}>
                {NTH_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field label="Last visit on or before (optional)" hint="Leave empty for no end." error={errors.endDate?.message}>
          {(props) => <input {...props} type="date" {...register('endDate')} />}
        </Field>
        <Field label="On a day we are closed" required error={errors.closedDayRule?.message}>
          {(props) => (
            <select {...props} {...register('closedDayRule')}>
              {CLOSED_DAY_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {CLOSED_DAY_RULE_LABELS[rule]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {proposal.addOns.length > 0 ? (
        <fieldset>
          <legend>Add-ons on every visit (the others on this first visit only)</legend>
          <div className="choice-list">
            {proposal.addOns.map((addOn) => (
              <label key={addOn.id} className="choice">
                <input type="checkbox" value={addOn.id} {...register('recurringAddOns')} />
                <span>{addOn.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <FormAlert message={failure} />
      <DealFormActions submit={mutation.isPending ? 'Making the plan…' : 'Make the plan'} disabled={mutation.isPending} back="Close" onBack={() => onDone(0)} />
    </form>
  );
}

/**
 * A cleaning's recurring plan (docs/recurring-plans.md): the plan it is a visit of, or, for a
 * scheduled Recurring Clean that is none yet, "Make it a recurring plan".
 */
export function DealPlan({ deal }: { deal: DealDetails }) {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<number | null>(null);
  if (!deal.plan && !deal.makePlan) return null;
  return (
    <section className="deal-plan" aria-label="Recurring plan">
      <p aria-live="polite">
        {deal.plan ? (
          <>
            {made ? `Plan made: ${made} visits scheduled. ` : null}A visit of a recurring plan: {deal.plan.rule}. <Link to={`${CLIENT_ROUTES.adminPlans}?id=${encodeURIComponent(deal.plan.id)}`}>Open the plan</Link>
          </>
        ) : null}
      </p>
      {deal.makePlan && !open ? (
        <p>
          <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
            Make it a recurring plan
          </button>
        </p>
      ) : null}
      {deal.makePlan && open ? (
        <MakePlanForm
          deal={deal}
          proposal={deal.makePlan}
          onDone={(visits) => {
            setOpen(false);
            if (visits > 0) setMade(visits);
          }}
        />
      ) : null}
    </section>
  );
}
