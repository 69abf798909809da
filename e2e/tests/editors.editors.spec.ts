// Issue 6 item 6 "Editors" (storefront spec §1, §4 Password field, §6, §7, §8): logging in,
// edit links on content blocks for users who may edit pages (page builder and backend editor),
// the reduced-motion console note, and the Instagram error shown only to admin-bar users.
// This shop's Instagram token is refused by the fake Graph API, so the feed always fails.
import { expect, test, type ConsoleMessage, type Page } from './support/test';
import { ADMIN, AUTHOR, EDITOR, logIn, PHONE } from './support/staff';

const viewports = [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: PHONE },
];

function collectConsole(page: Page) {
  const messages: ConsoleMessage[] = [];
  page.on('console', (m) => messages.push(m));
  return messages;
}

test.describe('logging in', () => {
  test('the password field toggles between masked and visible; a wrong password is refused', async ({ page }) => {
    await page.goto('/my-account/');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    const password = page.getByRole('form', { name: 'Login' }).getByLabel('Password', { exact: true });
    await password.fill('not the password');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('textbox', { name: 'Username or email address' }).fill(ADMIN);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toContainText('Unknown email address or incorrect password.');
  });

  test('staff log in and out; the admin bar appears only while logged in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Toolbar' })).toHaveCount(0);
    await logIn(page, EDITOR);
    await expect(page.getByText('Hello editor')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Toolbar' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Toolbar' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('navigation', { name: 'Toolbar' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Toolbar' })).toHaveCount(0);
  });
});

for (const { name, size } of viewports) {
  test.describe(`content blocks on ${name}`, () => {
    test.use({ viewport: size });

    // Read-only: the Welcome block (the journeys below edit the About block).
    test('visitors and authors see no edit links; editors get both links by keyboard', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);

      await logIn(page, AUTHOR);
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Toolbar' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);

      await logIn(page, EDITOR);
      await page.goto('/');
      const edit = page.getByRole('button', { name: 'Edit Welcome' });
      await edit.focus();
      await page.keyboard.press('Enter');
      const builder = page.getByRole('link', { name: 'Edit with page builder' });
      const backend = page.getByRole('link', { name: 'Edit in backend' });
      await expect(builder).toHaveAttribute('href', '/?builder=home-welcome');
      await expect(backend).toHaveAttribute('href', '/my-account/blocks/home-welcome/');
      await page.keyboard.press('Escape');
      await expect(builder).toBeHidden();
      await expect(edit).toBeFocused();
    });
  });
}

// Both journeys edit the About block, one after the other.
test.describe('editing the About block', () => {
  test.describe.configure({ mode: 'serial' });

  test('an editor edits a block in place with the page builder, and visitors see the change', async ({ page, browser }) => {
    await logIn(page, EDITOR);
    await page.goto('/');
    await page.getByRole('button', { name: /^Edit About/ }).click();
    const saved = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/blocks/home-about');
    await page.getByRole('link', { name: 'Edit with page builder' }).click();
    await page.getByRole('textbox', { name: 'Block title' }).fill('About us, friends');
    await page.getByRole('textbox', { name: 'Block content' }).fill('New **autumn** arrivals every week.');
    await page.getByRole('button', { name: 'Save block' }).click();
    const request = await saved;
    expect(request.method()).toBe('POST');
    expect(request.headers()['x-http-method-override']).toBe('PUT');
    expect(request.headers()['x-wp-nonce']).toMatch(/^[0-9a-f]{20}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Block saved.' })).toBeVisible();
    await page.getByRole('button', { name: 'Exit page builder' }).click();

    const visitor = await browser.newPage();
    await visitor.goto('/');
    await expect(visitor.getByText('New autumn arrivals every week.')).toBeVisible();
    await expect(visitor.locator('strong', { hasText: 'autumn' })).toBeVisible();
    await visitor.close();
  });

  test('an editor edits a block in the backend editor; a visitor who opens it is asked to log in', async ({ page, browser }) => {
    const visitor = await browser.newPage();
    await visitor.goto('/my-account/blocks/home-about/');
    await expect(visitor.getByText('Log in to edit this block.')).toBeVisible();
    await visitor.close();

    await logIn(page, EDITOR);
    await page.goto('/my-account/blocks/home-about/');
    await expect(page.getByRole('heading', { name: /^Edit block: / })).toBeVisible();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('About Vitrine');
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Run by <script>window.hacked=1</script> two people.');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Block updated.')).toBeVisible();
    await page.getByRole('link', { name: 'View page' }).click();
    await expect(page.getByRole('heading', { name: 'About Vitrine' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  });
});

test('an author may not use the backend editor', async ({ page }) => {
  await logIn(page, AUTHOR);
  await page.goto('/my-account/blocks/home-about/');
  await expect(page.getByRole('alert')).toContainText('Sorry, you are not allowed to edit this block.');
});

test('with reduced motion, page editors get a console note and visitors do not', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const messages = collectConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const note = () => messages.filter((m) => m.text().startsWith('Reduced motion is on'));
  expect(note()).toHaveLength(0);
  await logIn(page, EDITOR);
  messages.length = 0;
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Toolbar' })).toBeVisible();
  await expect.poll(() => note().length).toBe(1);
  await page.waitForTimeout(300);
  expect(note(), 'once per page load').toHaveLength(1);
  expect(note()[0]?.type()).toBe('info');
});

for (const { name, size } of viewports) {
  test(`the Instagram failure is logged, and shown only to admin-bar users (${name})`, async ({ page }) => {
    await page.setViewportSize(size);
    const messages = collectConsole(page);
    await page.goto('/');
    const feedFailure = () => messages.filter((m) => m.type() === 'error' && m.text().includes('Instagram error'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The feed loads once scrolled into view; End again if the page was still settling (a
    // first press can land before the app has taken the page over and restored its scroll).
    await expect
      .poll(async () => {
        await page.keyboard.press('End');
        return feedFailure().length;
      })
      .toBeGreaterThan(0);
    await expect(page.getByText('Instagram error')).toHaveCount(0);

    await logIn(page, ADMIN);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const shown = page.getByRole('alert').filter({ hasText: 'Instagram error' });
    await expect(async () => {
      await page.keyboard.press('End');
      await expect(shown).toBeVisible({ timeout: 1000 });
    }).toPass();
  });
}

test.describe('the slider and the parallax', () => {
  test('the slider rotates every 5 s and the hero layer moves with the scroll', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'What shoppers say' });
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.getByRole('button', { name: 'Stop slide rotation' })).toBeVisible();
    const current = () => slider.getByRole('button', { name: /^Show slide / }).and(page.locator('[aria-current="true"]'));
    await expect(current()).toHaveAccessibleName('Show slide 1');
    await page.clock.runFor(5_100);
    await expect(current()).toHaveAccessibleName('Show slide 2');

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const layer = page.locator('.hero .parallax__layer');
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await page.clock.runFor(100);
    await expect.poll(() => layer.evaluate((el) => getComputedStyle(el).transform)).not.toBe('none');
  });

  test('under reduced motion the slider stays still and the hero layer does not move', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'What shoppers say' });
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.getByRole('button', { name: 'Start slide rotation' })).toBeVisible();
    await page.clock.runFor(12_000);
    await expect(slider.locator('[aria-current="true"]')).toHaveAccessibleName('Show slide 1');
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect(slider.locator('[aria-current="true"]')).toHaveAccessibleName('Show slide 2');
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }));
    await page.clock.runFor(100);
    expect(await page.locator('.hero .parallax__layer').evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  });
});
