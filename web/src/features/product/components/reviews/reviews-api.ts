//! POST /api/v1/products/{id}/reviews: submit a review; the answer is the stored review
//! (`pending` unless the shop approves reviews at once).

import { API_BASE, ApiError } from '@/lib/api/client';
import type { ErrorBody, NewReviewRequest, ReviewView } from '@/lib/api/types';

export type ReviewSubmitter = (productId: number, review: NewReviewRequest) => Promise<ReviewView>;

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).code === 'string';
}

export function createReviewSubmitter(fetchImpl: typeof fetch = (...args) => fetch(...args)): ReviewSubmitter {
  return async (productId, review) => {
    const response = await fetchImpl(`${API_BASE}/products/${productId}/reviews`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(review),
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      throw new ApiError(
        response.status,
        isErrorBody(body) ? body : { code: 'http_error', message: 'Your review could not be sent. Please try again.' },
      );
    }
    return (body as { review: ReviewView }).review;
  };
}

export const submitReview: ReviewSubmitter = createReviewSubmitter();
