import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleProduct } from '@/lib/api/fixtures/sample-catalogue';
import type { ProductView, ReviewView } from '@/lib/api/types';
import { ReviewsPanel } from './reviews-panel';

const XSS = '<img src=x onerror=alert(1)>';

function review(id: number, author: string, rating: number | null, extra: Partial<ReviewView> = {}): ReviewView {
  return {
    id,
    author,
    rating,
    text: `${author} liked it.`,
    created_at: '2026-10-21T08:05:00Z',
    verified_owner: false,
    status: 'approved',
    ...extra,
  };
}

function hoodieWith(reviews: ReviewView[], average: number): ProductView {
  return { ...(sampleProduct('hoodie') as ProductView), reviews, review_count: reviews.length, average_rating: average };
}

describe('reviews panel', () => {
  it('says there are no reviews yet and still offers the form', () => {
    render(<ReviewsPanel product={hoodieWith([], 0)} submit={vi.fn()} />);
    expect(screen.getByText('There are no reviews yet.')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Your rating' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists approved reviews with author, date, stars, badge and the average', () => {
    const product = hoodieWith(
      [review(3, 'Priya Nair', 5, { verified_owner: true }), review(2, 'Jonas Berg', 4, { created_at: '2026-10-02T18:40:00Z' })],
      4.5,
    );
    render(<ReviewsPanel product={product} submit={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '2 reviews for “Hoodie”' })).toBeInTheDocument();
    expect(screen.getByTestId('reviews-average')).toHaveTextContent('Rated 4.50 out of 5 based on 2 customer ratings');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Priya Nair')).toBeInTheDocument();
    expect(first.getByText('verified owner')).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(first.getByText('October 21, 2026')).toHaveAttribute('datetime', '2026-10-21T08:05:00Z');
    const second = within(items[1] as HTMLElement);
    expect(second.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(second.queryByText('verified owner')).not.toBeInTheDocument();
  });

  it('shows review text as text, never as markup', () => {
    const { container } = render(
      <ReviewsPanel product={hoodieWith([review(1, 'Eve', 1, { text: XSS })], 1)} submit={vi.fn()} />,
    );
    expect(screen.getByText(XSS)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('adds a review the shop approved at once to the list and the average', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue(review(9, 'Ada', 3, { text: 'Fine.' }));
    render(<ReviewsPanel product={hoodieWith([review(1, 'Bo', 5)], 5)} submit={submit} />);
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Fine.');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Fine.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 reviews for “Hoodie”' })).toBeInTheDocument();
    expect(screen.getByTestId('reviews-average')).toHaveTextContent('Rated 4 out of 5');
  });
});
