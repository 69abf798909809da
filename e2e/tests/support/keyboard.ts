// Driving a page with the keyboard alone, as a shopper who uses no pointer: Tab (and
// Shift+Tab) to a control named as a person reads it, typing, type-ahead and arrow keys in
// selects.
import { expect, type Locator, type Page } from '@playwright/test';

/** The focused element's name as a shopper hears it: aria-label, else its labels, else its text. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el === document.body) return '';
    const labels = el.labels ? Array.from(el.labels).map((l) => l.textContent ?? '') : [];
    const name = el.getAttribute('aria-label') ?? (labels.join(' ') || el.textContent) ?? '';
    return name.replace(/\s+/g, ' ').trim();
  });
}

/**
 * Presses Tab (Shift+Tab when `back`) until the focused control is named `name` — exactly, or
 * matching — at most `limit` times; answers the focused control.
 */
export async function tabTo(page: Page, name: string | RegExp, { limit = 150, back = false } = {}): Promise<Locator> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const label = await focusedName(page);
    seen.push(label);
    if (typeof name === 'string' ? label === name : name.test(label)) return page.locator(':focus');
  }
  throw new Error(`no control named ${String(name)} within ${limit} presses; passed ${JSON.stringify(seen)}`);
}

/** Tabs to the field `name` and types `text` into it, over what it held (Ctrl+A first). */
export async function typeInto(page: Page, name: string | RegExp, text: string) {
  const field = await tabTo(page, name);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/**
 * Picks `value` in the focused select as a keyboard user does in a long list: typing the start
 * of its name (the browser's type-ahead), then the arrow keys for the last steps.
 */
export async function chooseInSelect(page: Page, typed: string, value: string, limit = 20) {
  const focused = page.locator(':focus');
  if ((await focused.inputValue()) !== value) await page.keyboard.type(typed);
  for (const key of ['ArrowDown', 'ArrowUp']) {
    for (let i = 0; i < limit && (await focused.inputValue()) !== value; i += 1) {
      const before = await focused.inputValue();
      await page.keyboard.press(key);
      if ((await focused.inputValue()) === before) break;
    }
  }
  await expect(focused).toHaveValue(value);
}
