//! "Add a review": rating, text, name and email. When the shop requires a rating and none is
//! chosen, the shop's text is alerted and nothing is sent (spec §5 "Review submit").

import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/client';
import type { ReviewFormView, ReviewView } from '@/lib/api/types';
import { RatingInput } from './rating-input';
import type { ReviewSubmitter } from './reviews-api';

interface ReviewFormProps {
  productId: number;
  productName: string;
  rules: ReviewFormView;
  submit: ReviewSubmitter;
  /** Called with the stored review once the server accepted it. */
  onSubmitted: (review: ReviewView) => void;
}

type Outcome = { kind: 'idle' } | { kind: 'sending' } | { kind: 'pending' } | { kind: 'approved' } | { kind: 'error'; message: string };

export function ReviewForm({ productId, productName, rules, submit, onSubmitted }: ReviewFormProps) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [author, setAuthor] = useState('');
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (outcome.kind === 'sending') return;
    if (rules.rating_required && rating === null) {
      window.alert(rules.required_rating_text);
      return;
    }
    setOutcome({ kind: 'sending' });
    try {
      const review = await submit(productId, { rating, text, author, email: email.trim() || null });
      setRating(null);
      setText('');
      setOutcome({ kind: review.status === 'approved' ? 'approved' : 'pending' });
      onSubmitted(review);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Your review could not be sent. Please try again.';
      setOutcome({ kind: 'error', message });
    }
  };

  return (
    <form className="review-form" aria-labelledby={`${id}-title`} noValidate onSubmit={onSubmit}>
      <h3 id={`${id}-title`} className="review-form__title">
        Add a review for “{productName}”
      </h3>
      <p className="review-form__note">Your email address will not be published.</p>
      <RatingInput value={rating} onChange={setRating} required={rules.rating_required} />
      <p className="review-form__field">
        <label htmlFor={`${id}-text`} className="review-form__label">
          Your review
        </label>
        <textarea id={`${id}-text`} value={text} rows={6} maxLength={5000} onChange={(e) => setText(e.target.value)} />
      </p>
      <div className="review-form__row">
        <p className="review-form__field">
          <label htmlFor={`${id}-author`} className="review-form__label">
            Name
          </label>
          <input id={`${id}-author`} type="text" autoComplete="name" maxLength={100} value={author} onChange={(e) => setAuthor(e.target.value)} />
        </p>
        <p className="review-form__field">
          <label htmlFor={`${id}-email`} className="review-form__label">
            Email
          </label>
          <input id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </p>
      </div>
      <div role="status" className="review-form__status">
        {outcome.kind === 'pending' && <p className="review-form__notice">Your review is awaiting approval</p>}
        {outcome.kind === 'approved' && <p className="review-form__notice">Thank you, your review is published.</p>}
      </div>
      {outcome.kind === 'error' && (
        <p role="alert" className="review-form__error">
          {outcome.message}
        </p>
      )}
      <button type="submit" className="button" disabled={outcome.kind === 'sending'}>
        Submit
      </button>
    </form>
  );
}
