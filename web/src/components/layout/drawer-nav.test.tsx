import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteCategoryView } from '@/lib/api/types';
import { SAMPLE_CATEGORIES } from '@/lib/api/fixtures/sample-catalogue';
import { renderWithRouter } from '../testing/render-with-router';
import { CURRENT_SLIDE_CLASS, DrawerNav, SLIDE_MS } from './drawer-nav';
import { MenuDrawer } from './menu-drawer';

// The sample catalogue plus a third level, to slide two panels deep.
const CATEGORIES: SiteCategoryView[] = [
  ...SAMPLE_CATEGORIES,
  { id: 90, name: 'Zip hoodies', slug: 'zip-hoodies', url: '/product-category/clothing/hoodies/zip-hoodies/', parent: 17, count: 1 },
];

afterEach(() => vi.useRealTimers());

function renderDrawerNav(open = true) {
  const result = renderWithRouter(<DrawerNav categories={CATEGORIES} label="Main" open={open} />);
  const track = document.querySelector('.drawer-nav__track') as HTMLElement;
  const panel = (name: string) => screen.getByRole('group', { name, hidden: true });
  return { ...result, track, panel };
}

describe('mobile menu panels', () => {
  it('slides by 100 % per depth level and marks the open submenu as the current slide', async () => {
    const user = userEvent.setup();
    const { track, panel } = renderDrawerNav();
    expect(track.style.transform).toBe('translateX(0%)');
    expect(panel('Clothing')).not.toHaveClass(CURRENT_SLIDE_CLASS);

    const clothing = screen.getByRole('button', { name: 'Clothing submenu' });
    await user.click(clothing);
    expect(track.style.transform).toBe('translateX(-100%)');
    expect(clothing).toHaveAttribute('aria-expanded', 'true');
    expect(panel('Clothing')).toHaveClass(CURRENT_SLIDE_CLASS);
    expect(panel('Clothing')).not.toHaveAttribute('inert');
    expect(track.firstElementChild).toHaveAttribute('inert');
    expect(screen.getAllByRole('button', { name: 'Back' })[0]).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Hoodies submenu' }));
    expect(track.style.transform).toBe('translateX(-200%)');
    expect(panel('Hoodies')).toHaveClass(CURRENT_SLIDE_CLASS);
    expect(panel('Clothing')).toHaveAttribute('inert');
  });

  it('slides back on Back and removes the current-slide class after 300 ms, focusing the toggle', () => {
    vi.useFakeTimers();
    const { track, panel } = renderDrawerNav();
    const clothing = screen.getByRole('button', { name: 'Clothing submenu' });
    fireEvent.click(clothing);
    fireEvent.click(panel('Clothing').querySelector('.drawer-nav__back') as HTMLElement);
    expect(track.style.transform).toBe('translateX(0%)');
    expect(clothing).toHaveAttribute('aria-expanded', 'false');
    expect(clothing).toHaveFocus();
    // Still showing while it slides out.
    expect(panel('Clothing')).toHaveClass(CURRENT_SLIDE_CLASS);
    act(() => vi.advanceTimersByTime(SLIDE_MS - 1));
    expect(panel('Clothing')).toHaveClass(CURRENT_SLIDE_CLASS);
    act(() => vi.advanceTimersByTime(1));
    expect(panel('Clothing')).not.toHaveClass(CURRENT_SLIDE_CLASS);
    expect(SLIDE_MS).toBe(300);
  });

  it('reopening a submenu during the slide back keeps it current', () => {
    vi.useFakeTimers();
    const { panel } = renderDrawerNav();
    fireEvent.click(screen.getByRole('button', { name: 'Clothing submenu' }));
    fireEvent.click(panel('Clothing').querySelector('.drawer-nav__back') as HTMLElement);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(screen.getByRole('button', { name: 'Clothing submenu' }));
    act(() => vi.advanceTimersByTime(SLIDE_MS));
    expect(panel('Clothing')).toHaveClass(CURRENT_SLIDE_CLASS);
  });
});

describe('menu drawer', () => {
  it('opens from "Menu", slides into a submenu, and resets when closed', async () => {
    const user = userEvent.setup();
    renderWithRouter(<MenuDrawer categories={CATEGORIES} />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const track = dialog.querySelector('.drawer-nav__track') as HTMLElement;
    await user.click(screen.getByRole('button', { name: 'Clothing submenu' }));
    expect(track.style.transform).toBe('translateX(-100%)');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(track.style.transform).toBe('translateX(0%)');
  });
});
