// Screenshots of the server's HTML alone (JavaScript off) and of the page after React, at
// 1280x800 and 390x844, to compare the first paint with the app (issue 16, LCP).
// usage: node e2e/scripts/first-paint-shots.mjs BASE_URL OUT_DIR ["/ /shop/ …"] (from e2e/)
import { chromium } from '@playwright/test';
const base = process.argv[2];
const out = process.argv[3];
const paths = (process.argv[4] || '/ /shop/ /product/t-shirt/ /product/hoodie/ /cart/').split(' ');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  for (const js of [false, true]) {
    const context = await browser.newContext({ viewport, javaScriptEnabled: js, reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'load' });
      if (js) {
        await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
        await page.waitForTimeout(1500);
      }
      const name = (path.replace(/\//g, '_').replace(/^_|_$/g, '') || 'home') + `.${label}.${js ? 'react' : 'server'}.png`;
      await page.screenshot({ path: `${out}/${name}` });
    }
    await context.close();
  }
}
await browser.close();
