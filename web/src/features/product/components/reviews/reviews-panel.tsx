//! The Reviews tab: the average and approved reviews carried in the page data (ADR 0004) and
//! the review form. A review approved at once joins the list; a held one only shows a notice.
//! The form's code is a chunk loaded when the tab is first shown.

import { useState } from 'react';
import { ChunkBoundary, onDemand } from '@/components/on-demand';
import type { ProductView, ReviewView } from '@/lib/api/types';
import { chunk } from '@/lib/chunks';
import { ReviewList } from './review-list';
import { submitReview, type ReviewSubmitter } from './reviews-api';
import { Stars, ratingText } from './stars';
import './reviews.css';

const ReviewForm = onDemand(
  chunk(() => import('./review-form')),
  (module) => module.ReviewForm,
);

interface ReviewsPanelProps {
  product: ProductView;
  /** Injectable for tests; defaults to the API. */
  submit?: ReviewSubmitter;
  /** Whether the tab is shown: the form loads the first time it is (and then stays). */
  shown?: boolean;
}

function summaryOf(product: ProductView, added: ReviewView[]) {
  const rated = added.filter((r) => r.rating !== null);
  const count = product.review_count + added.length;
  // The server's average covers every approved review; fold in the ones approved just now.
  const ratedBefore = product.average_rating > 0 ? product.review_count : 0;
  const sum = product.average_rating * ratedBefore + rated.reduce((s, r) => s + (r.rating ?? 0), 0);
  const ratedCount = ratedBefore + rated.length;
  return { count, average: ratedCount > 0 ? Math.round((sum / ratedCount) * 100) / 100 : 0 };
}

export function ReviewsPanel({ product, submit = submitReview, shown = true }: ReviewsPanelProps) {
  const [added, setAdded] = useState<ReviewView[]>([]);
  const [formWanted, setFormWanted] = useState(shown);
  if (shown && !formWanted) setFormWanted(true);
  const reviews = [...added, ...product.reviews];
  const { count, average } = summaryOf(product, added);
  const noun = count === 1 ? 'review' : 'reviews';

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      {count === 0 ? (
        <>
          <h2 id="reviews-title" className="tabs__heading">
            Reviews
          </h2>
          <p className="reviews__empty">There are no reviews yet.</p>
        </>
      ) : (
        <>
          <h2 id="reviews-title" className="tabs__heading">
            {count} {noun} for “{product.name}”
          </h2>
          {average > 0 && (
            <p className="reviews__average" data-testid="reviews-average">
              <Stars rating={average} />
              <span>
                {ratingText(average)} based on {count} {count === 1 ? 'customer rating' : 'customer ratings'}
              </span>
            </p>
          )}
          <ReviewList reviews={reviews} />
        </>
      )}
      {formWanted && (
        <ChunkBoundary>
          <ReviewForm
            productId={product.id}
            productName={product.name}
            rules={product.review_form}
            submit={submit}
            onSubmitted={(review) => {
              if (review.status === 'approved') setAdded((list) => [review, ...list]);
            }}
          />
        </ChunkBoundary>
      )}
    </section>
  );
}
