import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RouterProvider } from './context';
import { Form, isActivePath, Link, NavLink } from './links';
import { createMemoryRouter } from './testing';

function renderAt(path: string, ui: ReactNode) {
  const router = createMemoryRouter([path]);
  render(<RouterProvider router={router}>{ui}</RouterProvider>);
  return router;
}

describe('Link', () => {
  it('is a real link; a plain click navigates in the page, a modified click is the browser’s', async () => {
    const router = renderAt('/', <Link to="/shop/">Shop</Link>);
    const link = screen.getByRole('link', { name: 'Shop' });
    expect(link).toHaveAttribute('href', '/shop/');
    expect(link).toHaveAttribute('data-router-link');
    // After the link's own handler: jsdom cannot open a new tab.
    const noNewTab = (event: Event) => event.preventDefault();
    document.addEventListener('click', noNewTab);
    fireEvent.click(link, { ctrlKey: true });
    document.removeEventListener('click', noNewTab);
    expect(router.state.location.pathname).toBe('/');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/shop/');
  });

  it('leaves links to another site to the browser', () => {
    renderAt('/', <Link to="https://example.com/x">Elsewhere</Link>);
    expect(screen.getByRole('link', { name: 'Elsewhere' })).toHaveAttribute('href', 'https://example.com/x');
  });
});

describe('NavLink', () => {
  it('marks the current page and the pages below it', () => {
    renderAt(
      '/product-category/clothing/hoodies/',
      <>
        <NavLink to="/product-category/clothing/">Clothing</NavLink>
        <NavLink to="/shop/">Shop</NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Clothing' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Shop' })).not.toHaveAttribute('aria-current');
  });

  it('matches whole path segments only', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/shop/', '/')).toBe(false);
    expect(isActivePath('/shopping/', '/shop')).toBe(false);
    expect(isActivePath('/shop/page/2/', '/shop/')).toBe(true);
    expect(isActivePath('/shop/page/2/', '/shop/', true)).toBe(false);
  });
});

describe('Form', () => {
  it('a GET submission navigates to the action with the fields as its query', async () => {
    const router = renderAt(
      '/shop/',
      <Form method="get" action="/" aria-label="Search">
        <input name="s" defaultValue="hoodie" aria-label="Query" />
        <input type="hidden" name="post_type" value="product" />
        <button type="submit">Search</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?s=hoodie&post_type=product');
  });
});
