import { formatUsd } from '@app/shared/money';
import type { QuotePrice } from '@app/shared/quote';
import './quote-lines.css';

/** Cents as a signed amount: a minus sign for what is taken off. */
const signed = (cents: number) => (cents < 0 ? `−${formatUsd(-cents)}` : formatUsd(cents));

/** A quote's lines, discount, adjustment (with its reason) and total, as a small table: the staff form and deal panel, the portal. */
export function QuoteLines({ price, caption }: { price: QuotePrice; caption: string }) {
  return (
    <table className="quote-lines">
      <caption>{caption}</caption>
      <tbody>
        {price.lines.map((line) => (
          <tr key={line.id}>
            <th scope="row">{line.name}</th>
            <td>{formatUsd(line.cents)}</td>
          </tr>
        ))}
        {price.discountCents > 0 ? (
          <tr>
            <th scope="row">First-booking discount ({price.discountPercent}%)</th>
            <td>{signed(-price.discountCents)}</td>
          </tr>
        ) : null}
        {price.adjustmentCents !== 0 ? (
          <tr>
            <th scope="row">Adjustment{price.adjustmentReason ? `: ${price.adjustmentReason}` : ''}</th>
            <td>{signed(price.adjustmentCents)}</td>
          </tr>
        ) : null}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{formatUsd(price.totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

