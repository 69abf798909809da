//! A read-only star rating with its accessible text ("Rated 4 out of 5").

export function ratingText(rating: number): string {
  const shown = Number.isInteger(rating) ? String(rating) : rating.toFixed(2);
  return `Rated ${shown} out of 5`;
}

export function Stars({ rating }: { rating: number }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="review-stars" role="img" aria-label={ratingText(rating)}>
      <span className="review-stars__empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="review-stars__full" aria-hidden="true" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
