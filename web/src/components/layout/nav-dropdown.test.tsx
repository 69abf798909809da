import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_CATEGORIES } from '@/lib/api/fixtures/sample-catalogue';
import { installPointerEvent } from '../testing/pointer-events';
import { renderWithRouter } from '../testing/render-with-router';
import { CategoryNav } from './category-nav';

beforeAll(installPointerEvent);
afterEach(() => vi.useRealTimers());

function renderNav() {
  const result = renderWithRouter(
    <div className="container">
      <CategoryNav categories={SAMPLE_CATEGORIES} label="Main" />
      <button type="button">Elsewhere</button>
    </div>,
  );
  const toggle = screen.getByRole('button', { name: 'Clothing submenu' });
  const item = toggle.closest('li') as HTMLLIElement;
  return { ...result, toggle, item };
}

describe('category bar', () => {
  it('links every top-level category and gives only parents a submenu toggle', () => {
    renderNav();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Shop', 'Clothing', 'Music', 'Decor', 'Tshirts', 'Hoodies', 'Accessories']) {
      expect(nav).toContainElement(screen.getByRole('link', { name }));
    }
    expect(screen.getAllByRole('button', { name: /submenu$/ })).toHaveLength(1);
    const toggle = screen.getByRole('button', { name: 'Clothing submenu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(screen.getByRole('link', { name: 'Tshirts' }));
  });
});

describe('dropdown on hover (hover intent 3 px / 20 ms / 70 ms)', () => {
  it('opens once a mouse rests 20 ms and closes 70 ms after it leaves', () => {
    vi.useFakeTimers();
    const { toggle, item } = renderNav();
    fireEvent.pointerEnter(item, { pointerType: 'mouse', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(19));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(item).toHaveAttribute('data-open', 'true');

    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(69));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not open for a mouse sweeping across the item', () => {
    vi.useFakeTimers();
    const { toggle, item } = renderNav();
    fireEvent.pointerEnter(item, { pointerType: 'mouse', clientX: 0, clientY: 10 });
    fireEvent.pointerMove(item, { pointerType: 'mouse', clientX: 40, clientY: 10 });
    act(() => vi.advanceTimersByTime(10));
    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(200));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('ignores touch pointers (a tap on the toggle opens it instead)', () => {
    vi.useFakeTimers();
    const { toggle, item } = renderNav();
    fireEvent.pointerEnter(item, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(100));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a hover-opened menu open when its toggle is then clicked, even after the mouse leaves', () => {
    vi.useFakeTimers();
    const { toggle, item } = renderNav();
    fireEvent.pointerEnter(item, { pointerType: 'mouse', clientX: 10, clientY: 10 });
    act(() => vi.advanceTimersByTime(20));
    fireEvent.click(toggle);
    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(200));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('dropdown by click and keyboard', () => {
  it('toggles on click, and closes on a press elsewhere', async () => {
    const user = userEvent.setup();
    const { toggle } = renderNav();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens with Enter and with Space on the focused toggle', async () => {
    const user = userEvent.setup();
    const { toggle } = renderNav();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('Arrow Down moves into the submenu, arrows cycle, Escape closes and returns focus', async () => {
    const user = userEvent.setup();
    const { toggle } = renderNav();
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Tshirts' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Hoodies' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Accessories' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes when keyboard focus leaves the item', async () => {
    const user = userEvent.setup();
    const { toggle } = renderNav();
    toggle.focus();
    await user.keyboard('{Enter}');
    await user.tab(); // Tshirts
    await user.tab(); // Hoodies
    await user.tab(); // Accessories
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab(); // Music: outside
    expect(screen.getByRole('link', { name: 'Music' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes after following a submenu link', async () => {
    const user = userEvent.setup();
    const { toggle, router } = renderNav();
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Hoodies' }));
    expect(router.state.location.pathname).toBe('/product-category/clothing/hoodies/');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('before the dropdowns’ code is there (ADR 0037)', () => {
  type DropdownModule = typeof import('./nav-dropdown');
  async function renderLight() {
    const full = await import('./nav-dropdown');
    const loads: Array<(module: DropdownModule) => void> = [];
    const { chunk } = await import('@/lib/chunks');
    const dropdowns = chunk(() => new Promise<DropdownModule>((resolve) => loads.push(resolve)));
    const result = renderWithRouter(<CategoryNav categories={SAMPLE_CATEGORIES} label="Main" dropdowns={dropdowns} />);
    const arrive = async () => act(async () => loads[0]?.(full));
    return { ...result, loads, arrive };
  }

  it('draws the same closed items, links working, and asks for the code on the first pointer', async () => {
    const { loads, container } = await renderLight();
    const toggle = screen.getByRole('button', { name: 'Clothing submenu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(screen.getByRole('link', { name: 'Tshirts' }));
    expect(loads).toHaveLength(0);
    fireEvent.pointerEnter(container.querySelector('nav') as HTMLElement, { clientX: 1, clientY: 1 });
    expect(loads).toHaveLength(1);
  });

  it('a press on a toggle before the code arrived opens its menu once it has', async () => {
    const user = userEvent.setup();
    const { loads, arrive } = await renderLight();
    await user.click(screen.getByRole('button', { name: 'Clothing submenu' }));
    expect(loads).toHaveLength(1);
    await arrive();
    const toggle = screen.getByRole('button', { name: 'Clothing submenu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle.closest('li')).toHaveAttribute('data-open', 'true');
  });

  it('keeps focus on the toggle that had it', async () => {
    const { loads, arrive } = await renderLight();
    act(() => screen.getByRole('button', { name: 'Clothing submenu' }).focus());
    expect(loads).toHaveLength(1);
    await arrive();
    expect(screen.getByRole('button', { name: 'Clothing submenu' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Clothing submenu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
