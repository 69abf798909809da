//! Submitting a review through the API client; the answer is the stored review (`pending`
//! unless the shop approves reviews at once).

import { api, clientFor } from '@/lib/api/client';
import type { NewReviewRequest, ReviewView } from '@/lib/api/types';

export type ReviewSubmitter = (productId: number, review: NewReviewRequest) => Promise<ReviewView>;

/** What the form says when a failure brings no message of the server's. */
const SEND_FAILED = 'Your review could not be sent. Please try again.';

/** The page's client by default; tests hand in a fake fetch. */
export function createReviewSubmitter(fetchImpl?: typeof fetch): ReviewSubmitter {
  const client = clientFor(fetchImpl);
  return (productId, review) => client.products.addReview(productId, review, SEND_FAILED);
}

export const submitReview: ReviewSubmitter = (productId, review) => api.products.addReview(productId, review, SEND_FAILED);
