import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { ApiError } from '@/lib/api/client';
import type { ReviewFormView, ReviewView } from '@/lib/api/types';
import { ReviewForm } from './review-form';
import { createReviewSubmitter, type ReviewSubmitter } from './reviews-api';

const REQUIRED: ReviewFormView = { rating_required: true, required_rating_text: 'Please select a rating' };

const pending: ReviewView = {
  id: 7,
  author: 'Ada',
  rating: 4,
  text: 'Warm.',
  created_at: '2026-11-22T12:00:00Z',
  verified_owner: false,
  status: 'pending',
};

function renderForm(submit: ReviewSubmitter, rules = REQUIRED, onSubmitted = vi.fn()) {
  render(<ReviewForm productId={45} productName="Hoodie" rules={rules} submit={submit} onSubmitted={onSubmitted} />);
  return onSubmitted;
}

async function fillText(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Warm.');
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
}

describe('review form', () => {
  let alertSpy: MockInstance<typeof window.alert>;
  beforeEach(() => {
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => alertSpy.mockRestore());

  it('names its fields as the UI contract says', () => {
    renderForm(vi.fn());
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radio', { name: '1 star' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your review' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('alerts the shop text and sends nothing when a required rating is missing', async () => {
    const user = userEvent.setup();
    const submit = vi.fn();
    // The shop's own wording, not WooCommerce's default: a form ignoring the setting fails.
    renderForm(submit, { ...REQUIRED, required_rating_text: 'Choose some stars first, please' });
    await fillText(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alertSpy).toHaveBeenCalledTimes(1);
    expect(alertSpy).toHaveBeenCalledWith('Choose some stars first, please');
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends without a rating when the shop does not require one', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({ ...pending, rating: null });
    renderForm(submit, { ...REQUIRED, rating_required: false });
    await fillText(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(alertSpy).not.toHaveBeenCalled();
    expect(submit).toHaveBeenCalledWith(45, { rating: null, text: 'Warm.', author: 'Ada', email: 'ada@example.com' });
  });

  it('selecting a star sets the rating, by click or keyboard', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn());
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2 stars' })).not.toBeChecked();
  });

  it('posts the review and says it is awaiting approval', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue(pending);
    const onSubmitted = renderForm(submit);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await fillText(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your review is awaiting approval')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith(45, { rating: 4, text: 'Warm.', author: 'Ada', email: 'ada@example.com' });
    expect(onSubmitted).toHaveBeenCalledWith(pending);
    expect(screen.getByRole('textbox', { name: 'Your review' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: '4 stars' })).not.toBeChecked();
  });

  it('shows the server refusal', async () => {
    const user = userEvent.setup();
    const submit = vi
      .fn()
      .mockRejectedValue(new ApiError(422, { code: 'invalid_review', message: 'Please enter your name.', field: 'author' }));
    renderForm(submit);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'Nice');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your name.');
  });
});

describe('review submitter', () => {
  it('posts JSON to the product reviews endpoint and answers the stored review', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(new Response(JSON.stringify({ review: pending }), { status: 201 }));
    const submit = createReviewSubmitter(fetchImpl);
    await expect(submit(45, { rating: 4, text: 'Warm.', author: 'Ada' })).resolves.toEqual(pending);
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/products/45/reviews?_locale=user');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ rating: 4, text: 'Warm.', author: 'Ada' });
  });

  it('turns the error envelope into an ApiError with its code', async () => {
    const body = { code: 'rating_required', message: 'Please select a rating', field: 'rating' };
    const submit = createReviewSubmitter(vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 422 })));
    await expect(submit(45, { text: 'x', author: 'A' })).rejects.toMatchObject({ code: 'rating_required', status: 422 });
  });
});
