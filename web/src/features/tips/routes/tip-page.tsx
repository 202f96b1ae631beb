import { zodResolver } from '@hookform/resolvers/zod';
import { formatEasternDay } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import { TIP_LINK_INVALID, tipFormSchema, tipOfferSchema, tipStateSchema, type TipOffer, type TipState } from '@app/shared/tips';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ChoiceGroup } from '../../../components/form/choice-group';
import { Field } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { FormAlert } from '../../../components/form/form-alert';
import { Page } from '../../../components/page';
import { api, ApiError } from '../../../lib/api-client';
import { QueryProvider } from '../../../lib/query-provider';

const TIPS_PATH = '/api/tips';
const POLL_MS = 1_000;
type TipFormInput = z.input<typeof tipFormSchema>;

const messageOf = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Something went wrong. Please try again.');

/** Waits for HubSpot to have the tip's invoice, then goes to its payment page. */
function Paying({ token, tip }: { token: string; tip: TipState }) {
  const state = useQuery({
    queryKey: ['tip', tip.tipId],
    queryFn: ({ signal }) => api.get(`${TIPS_PATH}/${tip.tipId}?t=${encodeURIComponent(token)}`, tipStateSchema, { signal }),
    initialData: tip,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
  });
  const payUrl = state.data.payUrl;
  useEffect(() => {
    if (payUrl) window.location.assign(payUrl);
  }, [payUrl]);
  if (state.data.status === 'failed') return <p className="alert">We could not prepare the payment just now. Please call us and we will help.</p>;
  return (
    <p role="status" data-tip-state={state.data.status}>
      {payUrl ? (
        <>
          Opening the payment page for your {formatUsd(tip.cents)} tip… <a href={payUrl}>Pay your {formatUsd(tip.cents)} tip</a>
        </>
      ) : (
        `Preparing the payment page for your ${formatUsd(tip.cents)} tip…`
      )}
    </p>
  );
}

function TipForm({ token, offer, onGiven }: { token: string; offer: TipOffer; onGiven: (tip: TipState) => void }) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TipFormInput, unknown, { cents: number }>({ resolver: zodResolver(tipFormSchema), shouldFocusError: false, defaultValues: { choice: String(offer.presetsCents[1] ?? ''), other: '' } });
  // One tip per visit of the page: a second click or a retry is the same tip.
  const [tipId] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const options = [...offer.presetsCents.map((cents) => ({ value: String(cents), label: formatUsd(cents) })), { value: 'other', label: 'Another amount' }];

  const onValid = async ({ cents }: { cents: number }) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      onGiven(await api.post(TIPS_PATH, { t: token, tipId, cents }, tipStateSchema));
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form" aria-label="Tip" noValidate aria-busy={busy} onSubmit={(event) => void handleSubmit(onValid, () => focusFirstError(formRef.current))(event)}>
      <ChoiceGroup legend="Your tip" options={options} registration={register('choice')} error={errors.choice?.message} required />
      {watch('choice') === 'other' ? (
        <Field label="Amount in dollars" error={errors.other?.message} hint="From $1.00 to $500.00">
          {(props) => <input {...props} inputMode="decimal" autoComplete="off" {...register('other')} />}
        </Field>
      ) : null}
      <FormAlert message={failure} />
      <p className="actions">
        <button type="submit" className="button" disabled={busy}>
          Continue to payment
        </button>
      </p>
      <p className="muted">You pay on our secure payment page; every cent goes to {offer.cleaner}.</p>
    </form>
  );
}

function Tip({ token }: { token: string }) {
  const offer = useQuery({
    queryKey: ['tip-offer', token],
    queryFn: ({ signal }) => api.get(`${TIPS_PATH}?t=${encodeURIComponent(token)}`, tipOfferSchema, { signal }),
    retry: false,
  });
  const [given, setGiven] = useState<TipState | null>(null);
  if (offer.isPending) return <p className="page-loading">Loading…</p>;
  if (offer.isError) return <p className="alert">{messageOf(offer.error)}</p>;
  if (given) return <Paying token={token} tip={given} />;
  return (
    <>
      <p>
        Thank <strong>{offer.data.cleaner}</strong> for your cleaning on {formatEasternDay(new Date(offer.data.scheduledAt))}. A tip is never expected, and always appreciated.
      </p>
      <TipForm token={token} offer={offer.data} onGiven={setGiven} />
    </>
  );
}

/** /tip?t=<token>: a cleaning's tip for its cleaner (docs/payments.md#tips), from a text's or an e-mail's link. */
export function TipPage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  return (
    <Page title="Tip your cleaner" heading="Tip your cleaner" lead="Paid on our secure payment page, like your invoices.">
      {token ? (
        <QueryProvider>
          <Tip token={token} />
        </QueryProvider>
      ) : (
        <p className="alert">{TIP_LINK_INVALID}</p>
      )}
    </Page>
  );
}
