//! The approved reviews of a product: author, date, stars and the verified-owner badge. Review
//! text is untrusted plain text and is rendered as text (React escapes it).

import type { ReviewView } from '@/lib/api/types';
import { Stars } from './stars';

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function formatReviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

export function ReviewList({ reviews }: { reviews: ReviewView[] }) {
  return (
    <ol className="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="review">
          <article aria-label={`Review by ${review.author}`}>
            <p className="review__meta">
              <strong className="review__author">{review.author}</strong>
              {review.verified_owner && <em className="review__verified">verified owner</em>}
              <span aria-hidden="true"> – </span>
              <time dateTime={review.created_at}>{formatReviewDate(review.created_at)}</time>
            </p>
            {review.rating !== null && <Stars rating={review.rating} />}
            <p className="review__text">{review.text}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
