//! POST /api/v1/products/{id}/reviews: submit a review; the answer is the stored review
//! (`pending` unless the shop approves reviews at once).

import { API_BASE, postJson } from '@/lib/api/client';
import type { NewReviewRequest, ReviewView } from '@/lib/api/types';

export type ReviewSubmitter = (productId: number, review: NewReviewRequest) => Promise<ReviewView>;

export function createReviewSubmitter(fetchImpl: typeof fetch = (...args) => fetch(...args)): ReviewSubmitter {
  return async (productId, review) => {
    const { review: stored } = await postJson<{ review: ReviewView }>(`${API_BASE}/products/${productId}/reviews`, review, {
      fetch: fetchImpl,
      fallback: 'Your review could not be sent. Please try again.',
    });
    return stored;
  };
}

export const submitReview: ReviewSubmitter = createReviewSubmitter();
