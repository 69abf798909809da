import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '@/components/testing/render-with-router';
import { sampleProduct } from '@/lib/api/fixtures/sample-catalogue';
import type { ProductView } from '@/lib/api/types';
import { productTabs } from './product-details';
import { ProductTabs } from './product-tabs';

const hoodie = sampleProduct('hoodie') as ProductView;

function renderTabs(path = '/product/hoodie/') {
  return renderWithRouter(<ProductTabs tabs={productTabs(hoodie, null)} />, path);
}

describe('product tabs', () => {
  it('names the three tabs and opens the first', async () => {
    renderTabs();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Description', 'Additional information', 'Reviews (0)']);
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Description' })).toHaveTextContent('Pellentesque habitant');
  });

  it('moves with arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(await screen.findByRole('tab', { name: 'Description' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Additional information' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Additional information' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Reviews (0)' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reviews (0)' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps only the selected tab in the tab order', async () => {
    renderTabs();
    expect(await screen.findByRole('tab', { name: 'Description' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Reviews (0)' })).toHaveAttribute('tabindex', '-1');
    expect(screen.queryByRole('tabpanel', { name: 'Reviews (0)' })).not.toBeInTheDocument();
  });

  it.each(['#reviews', '#comments', '#tab-reviews', '#comment-12'])('opens Reviews for %s', async (hash) => {
    renderTabs(`/product/hoodie/${hash}`);
    expect(await screen.findByRole('tab', { name: 'Reviews (0)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Reviews (0)' })).toHaveTextContent('There are no reviews yet.');
  });

  it('opens Additional information for its hash, with the attributes table', async () => {
    renderTabs('/product/hoodie/#tab-additional_information');
    expect(await screen.findByRole('tab', { name: 'Additional information' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Additional information' });
    expect(panel).toHaveTextContent('Weight1.5 lbs');
    expect(panel).toHaveTextContent('Dimensions10 × 8 × 3 in');
    expect(panel).toHaveTextContent('ColorBlue, Green, Red');
    expect(panel).toHaveTextContent('LogoYes, No');
  });

  it('opens Reviews on a paged comments URL', async () => {
    renderTabs('/product/hoodie/?cpage=2');
    expect(await screen.findByRole('tab', { name: 'Reviews (0)' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('product tabs: description slide (spec §9, 250 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('an opened panel slides for 250 ms: still sliding at 249 ms, settled at 250 ms', async () => {
    renderTabs();
    const tab = await screen.findByRole('tab', { name: 'Additional information' });
    vi.useFakeTimers();
    fireEvent.click(tab);
    const panel = screen.getByRole('tabpanel', { name: 'Additional information' });
    expect(panel).toHaveAttribute('data-sliding');
    expect(panel.closest('.tabs')).toHaveStyle({ '--description-slide': '250ms' });
    act(() => vi.advanceTimersByTime(249));
    expect(panel).toHaveAttribute('data-sliding');
    act(() => vi.advanceTimersByTime(1));
    expect(panel).not.toHaveAttribute('data-sliding');
    // The tab already shown does not slide again.
    fireEvent.click(tab);
    expect(panel).not.toHaveAttribute('data-sliding');
  });

  it('does not slide under prefers-reduced-motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    renderTabs();
    fireEvent.click(await screen.findByRole('tab', { name: 'Reviews (0)' }));
    expect(screen.getByRole('tabpanel', { name: 'Reviews (0)' })).not.toHaveAttribute('data-sliding');
  });
});
