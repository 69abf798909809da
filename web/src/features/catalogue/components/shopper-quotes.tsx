//! "What shoppers say": the newest well-rated reviews in the theme's slider. Review text is
//! untrusted plain text, rendered escaped.

import { Link } from '@/lib/router';
import { Slider } from '@/components/slider';
import type { ReviewHighlight } from '@/lib/api/types';

export const SHOPPER_QUOTES_TITLE = 'What shoppers say';

export function ShopperQuotes({ highlights, id }: { highlights: ReviewHighlight[]; id: string }) {
  if (highlights.length === 0) return null;
  const slides = highlights.map((review) => ({
    key: String(review.id),
    content: (
      <figure className="quote">
        <p className="quote__stars" role="img" aria-label={`Rated ${review.rating} out of 5`}>
          {'★'.repeat(review.rating)}
          <span aria-hidden="true" className="quote__stars-empty">
            {'★'.repeat(5 - review.rating)}
          </span>
        </p>
        <blockquote className="quote__text">
          <p>{review.text}</p>
        </blockquote>
        <figcaption className="quote__author">
          {review.author} on <Link to={review.product_url}>{review.product_name}</Link>
        </figcaption>
      </figure>
    ),
  }));
  return (
    // The slider is the region (APG carousel); this wrapper only carries the heading.
    <div id={id} className="container home-section">
      <h2 className="section-title">{SHOPPER_QUOTES_TITLE}</h2>
      <Slider label={SHOPPER_QUOTES_TITLE} slides={slides} />
    </div>
  );
}
