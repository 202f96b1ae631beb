import type { Testimonial } from '@app/shared/company';
import { COMPANY } from '../lib/company';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'September 2026' from '2026-09'. */
function monthOf(date: string): string {
  return MONTH.format(new Date(`${date}-01T00:00:00Z`));
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars">
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
      <span className="visually-hidden">Rated {rating} out of 5</span>
    </p>
  );
}

/** Reviews as customers left them: stars, words, who, where, and where it was published. */
export function TestimonialList({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <ul className="card-list">
      {testimonials.map((t) => (
        <li key={`${t.name}-${t.date}`} className="card testimonial">
          <figure>
            <Stars rating={t.rating} />
            <blockquote>
              <p>{t.quote}</p>
            </blockquote>
            <figcaption>
              {t.name}, {t.place}
              <span className="fine-print testimonial__source">
                {t.source} review, {monthOf(t.date)}
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** Where every review can be read. */
export function ReviewSourceLink() {
  return (
    <p className="review-source">
      <a href={COMPANY.reviewSource.url} rel="noopener">
        Read all our reviews on {COMPANY.reviewSource.label}
      </a>
    </p>
  );
}
