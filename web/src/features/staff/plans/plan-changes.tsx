import { BOOKABLE_ADD_ONS } from '@app/shared/booking-price';
import { findProduct } from '@app/shared/catalogue';
import { addDays, easternToday, formatEasternShort } from '@app/shared/eastern-time';
import { dollarsToCents } from '@app/shared/invoice';
import { formatUsd } from '@app/shared/money';
import { sameSkus, type PlanChangeStep, type VisitSlot } from '@app/shared/plan-change';
import { PLAN_PRICE_INVALID, planChangeSchema, type PlanChangeInput } from '@app/shared/plan-change-input';
import { VISIT_TO_COME_STAGES, type PlanView } from '@app/shared/recurring-plan';
import { WEEKDAYS } from '@app/shared/weekdays';
import { useState } from 'react';
import { z } from 'zod';
import { Field, FieldError } from '../../../components/form/field';
import { FormAlert } from '../../../components/form/form-alert';
import { CleanerOptions } from '../common/cleaner-field';
import { DealFormActions } from '../common/deal-form-actions';
import { useOwners, type Owner } from '../common/get-owners';
import { useStaffForm } from '../common/use-staff-form';
import { FrequencyOptions } from './frequency-options';
import { usePreviewPlanChange, useSavePlanChange, type PlanChangeCounts, type PlanPreview } from './change-plan';
import './plans.css';

/** What the office changes: the rule for this and every later visit, a pause, its end, or the end of the plan. */
type Mode = 'rule' | 'pause' | 'resume' | 'end';

const MODE_LABELS: Record<Mode, string> = {
  rule: 'Change this and every later visit',
  pause: 'Pause',
  resume: 'Resume',
  end: 'End the plan',
};

interface ChangeFields {
  from: string;
  weekday: string;
  startTime: string;
  frequency: string;
  ownerId: string;
  amountCents: string;
  addOns: string[];
  to: string;
  lastDate: string;
}

/** Sunday 0 to Saturday 6, as a plan counts them (shared/weekdays.ts starts on Monday). */
const WEEKDAY_OPTIONS = [6, 0, 1, 2, 3, 4, 5].map((i, weekday) => ({ value: String(weekday), label: WEEKDAYS[i]! }));

/** The form's values as the api takes them for the mode, checked by the api's own schema (each error under its field). */
function changeSchema(mode: Mode, plan: PlanView) {
  return z
    .object({
      from: z.string(),
      weekday: z.string(),
      startTime: z.string(),
      frequency: z.string(),
      ownerId: z.string(),
      amountCents: z.string(),
      // One checkbox checked comes as its value, none as false.
      addOns: z.union([z.array(z.string()), z.string(), z.literal(false)]).transform((v) => (v === false ? [] : typeof v === 'string' ? [v] : v)),
      to: z.string(),
      lastDate: z.string(),
    })
    .transform((f, ctx) => {
      let input: Record<string, unknown>;
      if (mode === 'rule') {
        const cents = dollarsToCents(f.amountCents.trim() || null);
        if (cents === null || cents <= 0) {
          ctx.addIssue({ code: 'custom', path: ['amountCents'], message: PLAN_PRICE_INVALID });
          return z.NEVER;
        }
        // Only what differs from the plan: the api refuses a change that changes nothing.
        input = {
          change: 'rule',
          from: f.from,
          ...(Number(f.weekday) !== plan.weekday && { weekday: Number(f.weekday) }),
          ...(f.startTime !== plan.startTime && { startTime: f.startTime }),
          ...(f.frequency !== plan.frequency && { frequency: f.frequency }),
          ...((f.ownerId || null) !== plan.ownerId && { ownerId: f.ownerId || null }),
          ...(cents !== plan.amountCents && { amountCents: cents }),
          ...(!sameSkus(f.addOns, plan.addOns) && { addOns: f.addOns }),
        };
      } else if (mode === 'pause') input = { change: 'pause', from: f.from, to: f.to };
      else if (mode === 'end') input = { change: 'end', lastDate: f.lastDate };
      else input = { change: 'resume' };
      const parsed = planChangeSchema.safeParse(input);
      if (parsed.success) return input as PlanChangeInput;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [String(issue.path[0] ?? 'from')], message: issue.message });
      return z.NEVER;
    });
}

const ownerName = (owners: readonly Owner[] | undefined, id: string | null) => (id === null ? 'no cleaner' : (owners?.find((o) => o.id === id)?.name ?? 'another cleaner'));
const when = (slot: VisitSlot | null) => (slot ? formatEasternShort(new Date(slot.scheduledAt)) : 'A visit with no date');

/** A visit's add-ons in words (its service, the first product, is not one). */
const addOnsText = (skus: readonly string[]) => {
  const names = skus.slice(1).map((sku) => findProduct(sku)?.name ?? sku);
  return names.length === 0 ? 'with no add-ons' : `with ${names.join(', ')}`;
};

/** One step of a preview, in words. */
function stepText(step: PlanChangeStep, owners: readonly Owner[] | undefined): string {
  switch (step.action) {
    case 'move': {
      const b = step.before;
      const a = step.after;
      const details = [
        b && b.ownerId !== a.ownerId ? `with ${ownerName(owners, a.ownerId)}` : null,
        b && b.amountCents !== a.amountCents ? `at ${formatUsd(a.amountCents)}` : null,
        b && !sameSkus(b.skus, a.skus) ? addOnsText(a.skus) : null,
      ].filter(Boolean);
      const moved = b && Date.parse(b.scheduledAt) === Date.parse(a.scheduledAt) ? `${when(a)} stays` : `${when(b)} moves to ${when(a)}`;
      return `${moved}${details.length > 0 ? `, ${details.join(', ')}` : ''}`;
    }
    case 'restore':
      return `${when(step.after)} comes back`;
    case 'cancel':
      return `${when(step.before)} is canceled`;
    case 'make':
      return `${when(step.after)} is added`;
    case 'keep':
      return `${when(step.before)} stays as it is: ${step.why === 'detached' ? 'it was changed on its own' : 'it is within 24 hours'}`;
  }
}

const countsText = (c: PlanChangeCounts) =>
  [
    c.move && `${c.move} changed`,
    c.restore && `${c.restore} back`,
    c.cancel && `${c.cancel} canceled`,
    c.make && `${c.make} added`,
  ]
    .filter(Boolean)
    .join(', ') || 'nothing to change';

function PreviewList({ preview, owners }: { preview: PlanPreview; owners: readonly Owner[] | undefined }) {
  if (preview.steps.length === 0) return <p>No visit changes: the plan&apos;s visits already follow it.</p>;
  return (
    <ul className="plan-preview" aria-label="What will change">
      {preview.steps.map((step, i) => (
        <li key={i}>
          {stepText(step, owners)}
          {step.warnings.map((warning) => (
            <span key={warning} className="plan-preview__warning">
              {' '}
              — {warning}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

function PlanChangeForm({ plan, mode, onDone }: { plan: PlanView; mode: Mode; onDone: (counts: PlanChangeCounts | null) => void }) {
  const owners = useOwners();
  const previewing = usePreviewPlanChange(plan.id);
  const saving = useSavePlanChange(plan.id);
  const [preview, setPreview] = useState<{ change: PlanChangeInput; result: PlanPreview } | null>(null);
  const tomorrow = addDays(easternToday(), 1);
  const toCome = plan.visits.filter((v) => VISIT_TO_COME_STAGES.has(v.stageId) && v.occurrence >= tomorrow && v.scheduledAt);
  const defaults: ChangeFields = {
    from: toCome[0]?.occurrence ?? tomorrow,
    weekday: String(plan.weekday),
    startTime: plan.startTime,
    frequency: plan.frequency,
    ownerId: plan.ownerId ?? '',
    amountCents: (plan.amountCents / 100).toFixed(2),
    addOns: [...plan.addOns],
    to: '',
    lastDate: '',
  };
  const { form, formRef, failure, onSubmit, showFailure } = useStaffForm<ChangeFields, PlanChangeInput>(changeSchema(mode, plan) as unknown as z.ZodType<PlanChangeInput, ChangeFields>, defaults);
  const { register, formState: { errors } } = form;
  const busy = previewing.isPending || saving.isPending;

  const look = (change: PlanChangeInput) => {
    if (busy) return;
    previewing.mutate(change, { onSuccess: (result) => setPreview({ change, result }), onError: showFailure });
  };
  const save = () => {
    if (!preview || busy) return;
    saving.mutate({ ...preview.change, expect: preview.result.expect }, { onSuccess: (counts) => onDone(counts), onError: (error) => { setPreview(null); showFailure(error); } });
  };

  return (
    <form ref={formRef} className="form" noValidate aria-label={MODE_LABELS[mode]} aria-busy={busy} onSubmit={preview ? (e) => { e.preventDefault(); save(); } : onSubmit(look)}>
      {mode === 'rule' ? (
        <div className="form-grid">
          <Field label="From the visit of" required error={errors.from?.message}>
            {(props) => (
              <select {...props} {...register('from')} disabled={preview !== null}>
                {toCome.map((v) => (
                  <option key={v.dealId} value={v.occurrence}>
                    {formatEasternShort(new Date(v.scheduledAt!))}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Weekday" required error={errors.weekday?.message}>
            {(props) => (
              <select {...props} {...register('weekday')} disabled={preview !== null}>
                {WEEKDAY_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Start time (Eastern)" required error={errors.startTime?.message}>
            {(props) => <input {...props} type="time" step={900} {...register('startTime')} disabled={preview !== null} />}
          </Field>
          <Field label="How often" required error={errors.frequency?.message}>
            {(props) => (
              <select {...props} {...register('frequency')} disabled={preview !== null}>
                <FrequencyOptions />
              </select>
            )}
          </Field>
          <Field label="Cleaner" error={errors.ownerId?.message}>
            {(props) => (
              <select {...props} {...register('ownerId')} disabled={preview !== null}>
                <CleanerOptions owners={owners.data} keep={plan.ownerId ?? ''} />
              </select>
            )}
          </Field>
          <Field label="Price per visit ($)" required hint="Left as it is, other add-ons reprice it." error={errors.amountCents?.message}>
            {(props) => <input {...props} inputMode="decimal" {...register('amountCents')} disabled={preview !== null} />}
          </Field>
        </div>
      ) : null}
      {mode === 'rule' ? (
        <fieldset>
          <legend>Add-ons every visit</legend>
          <div className="choice-list">
            {BOOKABLE_ADD_ONS.map((addOn) => (
              <label key={addOn.id} className="choice">
                <input type="checkbox" value={addOn.id} {...register('addOns')} disabled={preview !== null} />
                {addOn.name} — {formatUsd(addOn.priceCents ?? 0)}
              </label>
            ))}
          </div>
          <FieldError message={errors.addOns?.message} />
        </fieldset>
      ) : null}
      {mode === 'pause' ? (
        <div className="form-grid">
          <Field label="First day without visits" required error={errors.from?.message}>
            {(props) => <input {...props} type="date" min={tomorrow} {...register('from')} disabled={preview !== null} />}
          </Field>
          <Field label="Last day without visits" required error={errors.to?.message}>
            {(props) => <input {...props} type="date" min={tomorrow} {...register('to')} disabled={preview !== null} />}
          </Field>
        </div>
      ) : null}
      {mode === 'end' ? (
        <Field label="Day of the last visit" required hint="Visits after it are canceled." error={errors.lastDate?.message}>
          {(props) => <input {...props} type="date" {...register('lastDate')} disabled={preview !== null} />}
        </Field>
      ) : null}
      {mode === 'resume' && !preview ? <p>The pause ends today: the visits it canceled come back.</p> : null}
      {preview ? <PreviewList preview={preview.result} owners={owners.data} /> : null}
      <FormAlert message={failure} />
      {preview ? (
        <DealFormActions submit={saving.isPending ? 'Saving…' : 'Save the change'} disabled={busy || preview.result.steps.length === 0} back="Back" onBack={() => setPreview(null)} />
      ) : (
        <DealFormActions submit={previewing.isPending ? 'Looking…' : 'Show what changes'} disabled={busy} back="Close" onBack={() => onDone(null)} />
      )}
    </form>
  );
}

/**
 * A plan's changes (docs/recurring-plans.md): this and every later visit, a pause, a resume, the
 * end. Each shows what it will do to the visits before it is saved.
 */
export function PlanChanges({ plan }: { plan: PlanView }) {
  const [mode, setMode] = useState<Mode | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  if (plan.status === 'ended') return <p>This plan has ended.</p>;
  const tomorrow = addDays(easternToday(), 1);
  const modes: Mode[] = ['rule', 'pause', ...(plan.pauses.some((p) => p.to >= tomorrow) ? (['resume'] as const) : []), 'end'];
  return (
    <section aria-label="Change the plan">
      <p aria-live="polite">{saved}</p>
      {mode === null ? (
        <p className="plan-actions">
          {modes.map((m) => (
            <button
              key={m}
              type="button"
              className="button button--ghost"
              onClick={() => {
                setSaved(null);
                setMode(m);
              }}
            >
              {MODE_LABELS[m]}
            </button>
          ))}
        </p>
      ) : (
        <PlanChangeForm
          key={mode}
          plan={plan}
          mode={mode}
          onDone={(counts) => {
            setMode(null);
            if (counts) setSaved(`Saved: ${countsText(counts)}. The visits show it once HubSpot has it.`);
          }}
        />
      )}
    </section>
  );
}
