// Cross-site request forgery (issue 11) in a real browser: a page on another site
// (127.0.0.2, another host to the browser) makes the visitor's browser post a consent
// decision to the demo shop, once as an auto-submitted `text/plain` form and once as a
// `no-cors` fetch. The shop must refuse both and record nothing, while its own banner still
// records consent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, type Page } from './support/test';
import { routeProviders } from './support/providers';

const FORGED = 'forged-by-another-site-0001';
const FORGED_FETCH = 'forged-by-another-site-0002';

/** The JSON a text/plain form makes of one field `{"…","x":"` with the value `"}`. */
function formField(decision: string): { name: string; value: string } {
  const name = `{"decision_id":"${decision}","banner_version":"1","choices":{"analytics":true,"marketing":true,"preferences":true},"x":"`;
  return { name, value: '"}' };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
}

function evilPages(shop: string): Record<string, string> {
  const field = formField(FORGED);
  const body = JSON.stringify({ decision_id: FORGED_FETCH, banner_version: '1', choices: { analytics: true, marketing: true, preferences: true } });
  return {
    '/form': `<!doctype html><title>Win a prize</title>
      <form id="f" method="POST" action="${shop}/api/v1/consent" enctype="text/plain">
        <input type="hidden" name='${escapeAttribute(field.name)}' value='${escapeAttribute(field.value)}'>
      </form>
      <script>document.getElementById('f').submit();</script>`,
    '/fetch': `<!doctype html><title>Win a prize</title>
      <script>
        fetch(${JSON.stringify(`${shop}/api/v1/consent`)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
          headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(body)} })
          .finally(() => { document.title = 'sent'; });
      </script>`,
  };
}

let evil: Server;
let evilOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  const pages = evilPages(baseURL!);
  evil = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not here');
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.2', resolve));
  evilOrigin = `http://127.0.0.2:${(evil.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => evil.close(resolve));
});

/** What the shop says about a consent decision id: its GDPR filter values. */
async function filtersFor(page: Page, decision: string) {
  const answer = await page.request.get('/api/v1/tracking/gdpr-filters', { headers: { cookie: `vitrine_consent_id=${decision}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as { consent_required: boolean; all_disabled_by_api: boolean };
}

test('an auto-submitted form on another site cannot record consent', async ({ page, context }) => {
  const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/consent');
  await page.goto(`${evilOrigin}/form`);
  const answer = await posted;
  const sent = await answer.request().allHeaders();
  expect(sent['sec-fetch-site']).toBe('cross-site');
  expect(sent['content-type']).toContain('text/plain');
  expect(answer.status()).toBe(403);
  expect((await answer.json()).code).toBe('cross_site_request');
  expect(answer.headers()['set-cookie']).toBeUndefined();
  expect((await context.cookies()).map((c) => c.name)).not.toContain('vitrine_consent_id');
  expect(await filtersFor(page, FORGED)).toMatchObject({ consent_required: true, all_disabled_by_api: true });
});

test('a no-cors fetch from another site cannot record consent', async ({ page, context }) => {
  const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/consent');
  await page.goto(`${evilOrigin}/fetch`);
  const answer = await posted;
  // (Playwright reports the Fetch Metadata headers of navigations only.)
  expect(answer.status()).toBe(403);
  await expect(page).toHaveTitle('sent');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('vitrine_consent_id');
  expect(await filtersFor(page, FORGED_FETCH)).toMatchObject({ consent_required: true, all_disabled_by_api: true });
});

test("the shop's own banner still records consent", async ({ page, context, baseURL }) => {
  await routeProviders(context, baseURL!);
  await page.goto('/');
  const banner = page.getByRole('dialog', { name: 'Cookie consent' });
  const recorded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/consent');
  await banner.getByRole('button', { name: 'Accept all' }).click();
  const answer = await recorded;
  expect(answer.status()).toBe(201);
  const cookie = (await context.cookies()).find((c) => c.name === 'vitrine_consent_id');
  expect(cookie?.httpOnly).toBe(true);
  expect(await filtersFor(page, cookie!.value)).toMatchObject({ consent_required: false, all_disabled_by_api: false });
});

test('every answer carries the permissions policy', async ({ page }) => {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Permissions-Policy')) complaints.push(message.text());
  });
  const answer = await page.goto('/');
  const policy = answer!.headers()['permissions-policy'] ?? '';
  for (const denied of ['camera=()', 'microphone=()', 'geolocation=()']) expect(policy).toContain(denied);
  expect(policy).toContain('payment=(self)');
  const allowed = await page.evaluate(() => {
    const policy = (document as Document & { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy;
    return policy ? { camera: policy.allowsFeature('camera'), payment: policy.allowsFeature('payment') } : null;
  });
  if (allowed) expect(allowed).toEqual({ camera: false, payment: true });
  // Chromium names any feature it does not know on the console; the policy names none.
  expect(complaints).toEqual([]);
});
