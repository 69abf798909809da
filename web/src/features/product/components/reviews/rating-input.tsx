//! The "Your rating" radio group: five native radios ("1 star" … "5 stars") drawn as stars.
//! Native radios give the keyboard behaviour (Tab into the group, arrow keys move and select);
//! clicking a star selects its radio (spec §4 "Review stars").

import { useId } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

interface RatingInputProps {
  value: number | null;
  onChange: (rating: number) => void;
  required: boolean;
}

export function RatingInput({ value, onChange, required }: RatingInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <div className="rating-input">
      <span id={labelId} className="review-form__label">
        Your rating{required && <span aria-hidden="true"> *</span>}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} aria-required={required} className="rating-input__stars">
        {STARS.map((stars) => {
          const inputId = `${id}-${stars}`;
          const lit = value !== null && stars <= value;
          return (
            <span key={stars} className="rating-input__star">
              <input
                id={inputId}
                className="rating-input__radio"
                type="radio"
                name={`${id}-rating`}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
              />
              <label htmlFor={inputId} className={lit ? 'rating-input__label is-lit' : 'rating-input__label'}>
                <span aria-hidden="true">★</span>
                <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
              </label>
            </span>
          );
        })}
      </div>
    </div>
  );
}
