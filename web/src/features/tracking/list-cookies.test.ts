import { MemoryCookieJar } from '@/lib/cookies';
import type { TrackingConfig } from './config';
import {
  readProductList,
  readSelectedList,
  takeFormTrack,
  writeFormTrack,
  writeProductList,
  writeSelectedList,
} from './list-cookies';
import { removeListAndFormCookies } from './list-cookie-names';
import { ALL_PROVIDERS } from './providers/all';
import { dataLayerCalls, resetDocument } from './test-support';
import { createTracking } from './tracking';

const T0 = Date.UTC(2026, 10, 26, 12, 0);
const HOODIES = { item_list_id: 'category_hoodies', item_list_name: 'Hoodies' };
const ALL = { analytics: true, marketing: true, googleAds: true, decided: true };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
  resetDocument();
});

describe('list cookies (spec §3, §9)', () => {
  it('productlist: the list as JSON (js-cookie encoded), path /, expiring 86400 s later', () => {
    const jar = new MemoryCookieJar(() => Date.now());
    writeProductList(jar, HOODIES, T0);
    expect(jar.writes).toEqual([
      {
        name: 'productlist',
        value: '{%22item_list_id%22:%22category_hoodies%22%2C%22item_list_name%22:%22Hoodies%22}',
        attributes: { path: '/', expires: new Date(T0 + 86_400 * 1000) },
      },
    ]);
    expect(readProductList(jar)).toEqual(HOODIES);
    vi.setSystemTime(T0 + 86_400_000 - 1);
    expect(readProductList(jar)).toEqual(HOODIES);
    vi.setSystemTime(T0 + 86_400_000);
    expect(readProductList(jar)).toBeUndefined();
  });

  it('select_prod_list: the product and its list, 1 day, read back only for that product', () => {
    const jar = new MemoryCookieJar(() => Date.now());
    writeSelectedList(jar, { product_id: '15', ...HOODIES }, T0);
    expect(jar.writes[0]?.name).toBe('select_prod_list');
    expect(jar.writes[0]?.attributes).toEqual({ path: '/', expires: new Date(T0 + 86_400_000) });
    expect(JSON.parse(decodeURIComponent(jar.get('select_prod_list') ?? ''))).toEqual({ product_id: '15', ...HOODIES });
    expect(readSelectedList(jar, '15')).toEqual(HOODIES);
    expect(readSelectedList(jar, '16')).toBeUndefined();
    vi.setSystemTime(T0 + 86_400_000 - 1);
    expect(readSelectedList(jar, '15')).toEqual(HOODIES);
    vi.setSystemTime(T0 + 86_400_000);
    expect(readSelectedList(jar, '15')).toBeUndefined();
  });

  it('form_track: form_id, form_class and text, a browser-session cookie taken once', () => {
    const jar = new MemoryCookieJar(() => Date.now());
    writeFormTrack(jar, { form_id: 'contact', form_class: 'contact-form wide', text: 'Send' });
    expect(jar.writes[0]).toMatchObject({ name: 'form_track', attributes: { path: '/' } });
    expect(jar.writes[0]?.attributes.expires).toBeUndefined();
    expect(takeFormTrack(jar)).toEqual({ form_id: 'contact', form_class: 'contact-form wide', text: 'Send' });
    expect(takeFormTrack(jar)).toBeUndefined();
    expect(jar.names()).toEqual([]);
  });

  it('ignores malformed cookies and removes them all', () => {
    const jar = new MemoryCookieJar(() => Date.now());
    jar.set('productlist', 'not-json');
    jar.set('select_prod_list', '%5B1%5D');
    jar.set('form_track', '%7B%22form_id%22%3A1%7D');
    jar.set('keep', '1');
    expect(readProductList(jar)).toBeUndefined();
    expect(readSelectedList(jar, '1')).toBeUndefined();
    expect(takeFormTrack(jar)).toBeUndefined();
    jar.set('form_track', 'x');
    removeListAndFormCookies(jar);
    expect(jar.names()).toEqual(['keep']);
  });
});

const CONFIG: TrackingConfig = {
  providers: { ga4: { trackingIds: ['G-TEST'], scriptUrl: '/stub/gtag.js' } },
  consent: { bannerVersion: '1', defaultDenied: true },
  serverEvents: { enabled: false },
  attribution: { enabled: false },
  automatic: { forms: true },
};

function setup(config: TrackingConfig = CONFIG) {
  const win: Record<string, unknown> = {};
  const jar = new MemoryCookieJar(() => Date.now());
  const tracking = createTracking(config, { win, doc: document, jar, now: () => Date.now(), href: () => 'https://shop.example.com/', providers: ALL_PROVIDERS });
  const ga4Events = (name: string) => dataLayerCalls(win).filter((c) => c[0] === 'event' && c[1] === name);
  return { jar, tracking, ga4Events };
}

function listingCards() {
  document.body.innerHTML =
    '<ul><li class="product-card" data-product-id="15"><a id="beanie" href="/product/beanie/">Beanie</a></li></ul><a id="other" href="/about/">About</a>';
  for (const a of document.querySelectorAll('a')) a.addEventListener('click', (e) => e.preventDefault());
}

describe('the tracking writes the list cookies', () => {
  it('on a listing: productlist, and select_prod_list when one of its products is clicked', () => {
    const { jar, tracking } = setup();
    tracking.setConsent(ALL);
    listingCards();
    tracking.pageList(HOODIES);
    tracking.attachTriggers();
    expect(readProductList(jar)).toEqual(HOODIES);
    document.getElementById('other')?.click();
    expect(jar.get('select_prod_list')).toBeUndefined();
    document.getElementById('beanie')?.click();
    expect(tracking.selectedList('15')).toEqual(HOODIES);
  });

  it('a page that is no listing leaves the cookies and records no selection', () => {
    const { jar, tracking } = setup();
    tracking.setConsent(ALL);
    listingCards();
    tracking.pageList(null);
    tracking.attachTriggers();
    document.getElementById('beanie')?.click();
    expect(jar.names()).toEqual([]);
  });

  it('writes nothing without analytics consent, and removes them when analytics consent goes', () => {
    const { jar, tracking } = setup();
    tracking.setConsent({ analytics: false, marketing: true, googleAds: true, decided: true });
    listingCards();
    tracking.pageList(HOODIES);
    tracking.attachTriggers();
    document.getElementById('beanie')?.click();
    expect(jar.get('productlist')).toBeUndefined();
    expect(jar.get('select_prod_list')).toBeUndefined();

    tracking.setConsent(ALL);
    tracking.pageList(HOODIES);
    document.getElementById('beanie')?.click();
    expect(jar.get('productlist')).toBeDefined();
    expect(jar.get('select_prod_list')).toBeDefined();
    tracking.setConsent({ analytics: false, marketing: true, googleAds: true, decided: true });
    expect(jar.get('productlist')).toBeUndefined();
    expect(jar.get('select_prod_list')).toBeUndefined();
    expect(tracking.selectedList('15')).toBeUndefined();
  });

  it('the disable-all-cookies option removes them and stops writing them', () => {
    const { jar, tracking } = setup();
    tracking.setConsent(ALL);
    tracking.pageList(HOODIES);
    jar.set('form_track', 'x', { path: '/' });
    tracking.setConsent(ALL, { cookies: { all: true } });
    expect(jar.names()).toEqual([]);
    tracking.pageList(HOODIES);
    expect(jar.names()).toEqual([]);
  });
});

describe('select_item: a product chosen on a listing (GA4, spec §3 productlist)', () => {
  const shown = { currency: 'USD', items: [{ id: '15', name: 'Beanie', price: 1800, quantity: 1, index: 4, listId: 'category_hoodies', listName: 'Hoodies' }] };

  it('sends select_item with the list productlist names and the card\'s line from the page', () => {
    const { tracking, ga4Events } = setup();
    tracking.setConsent(ALL);
    listingCards();
    tracking.pageList(HOODIES, shown);
    tracking.attachTriggers();
    document.getElementById('other')?.click();
    expect(ga4Events('select_item')).toEqual([]);
    document.getElementById('beanie')?.click();
    const [call] = ga4Events('select_item');
    expect(call?.[2]).toMatchObject({
      item_list_id: 'category_hoodies',
      item_list_name: 'Hoodies',
      currency: 'USD',
      items: [{ item_id: '15', item_name: 'Beanie', price: 18, index: 4, quantity: 1, item_list_id: 'category_hoodies', item_list_name: 'Hoodies' }],
    });
    expect(ga4Events('select_item')).toHaveLength(1);
  });

  it('the list comes from the productlist cookie', () => {
    const { jar, tracking, ga4Events } = setup();
    tracking.setConsent(ALL);
    listingCards();
    tracking.pageList(HOODIES, shown);
    tracking.attachTriggers();
    writeProductList(jar, { item_list_id: 'tag_sale', item_list_name: 'Sale' }, Date.now());
    document.getElementById('beanie')?.click();
    expect(ga4Events('select_item')[0]?.[2]).toMatchObject({ item_list_id: 'tag_sale', items: [{ item_id: '15', item_list_id: 'tag_sale', item_list_name: 'Sale' }] });
  });

  it('nothing without analytics consent, and nothing off a listing', () => {
    const { tracking, ga4Events } = setup();
    tracking.setConsent({ analytics: false, marketing: true, googleAds: true, decided: true });
    listingCards();
    tracking.pageList(HOODIES, shown);
    tracking.attachTriggers();
    document.getElementById('beanie')?.click();
    expect(ga4Events('select_item')).toEqual([]);

    const other = setup();
    other.tracking.setConsent(ALL);
    other.tracking.pageList(null);
    other.tracking.attachTriggers();
    document.getElementById('beanie')?.click();
    expect(other.ga4Events('select_item')).toEqual([]);
  });
});

describe('form_track', () => {
  function contactForm(prevent: boolean) {
    document.body.innerHTML = '<form id="contact" class="contact-form"><button type="submit">Send</button></form>';
    const form = document.querySelector('form')!;
    form.addEventListener('submit', (e) => {
      if (prevent) e.preventDefault();
    });
    return form;
  }

  it('a native submission leaves its Form event in form_track; the next page sends it once', () => {
    const first = setup();
    first.tracking.setConsent(ALL);
    const cleanup = first.tracking.attachTriggers();
    contactForm(false).dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    vi.runOnlyPendingTimers();
    expect(first.ga4Events('Form')).toEqual([]);
    expect(JSON.parse(decodeURIComponent(first.jar.get('form_track') ?? ''))).toEqual({ form_id: 'contact', form_class: 'contact-form', text: 'Send' });
    cleanup();

    // The page the submission navigated to, with the same cookies.
    const win: Record<string, unknown> = {};
    const next = createTracking(CONFIG, { win, doc: document, jar: first.jar, now: () => Date.now(), href: () => 'https://shop.example.com/thanks/', providers: ALL_PROVIDERS });
    next.setConsent(ALL);
    next.attachTriggers();
    const sent = dataLayerCalls(win).filter((c) => c[0] === 'event' && c[1] === 'Form');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.[2]).toMatchObject({ form_id: 'contact', form_class: 'contact-form', text: 'Send' });
    expect(first.jar.get('form_track')).toBeUndefined();
    next.attachTriggers();
    expect(dataLayerCalls(win).filter((c) => c[0] === 'event' && c[1] === 'Form')).toHaveLength(1);
  });

  it('a script-handled submission (default prevented) stays here: sent at once, the cookie gone', () => {
    const { jar, tracking, ga4Events } = setup();
    tracking.setConsent(ALL);
    tracking.attachTriggers();
    contactForm(true).dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    vi.runOnlyPendingTimers();
    expect(ga4Events('Form')).toHaveLength(1);
    expect(jar.get('form_track')).toBeUndefined();
  });

  it('no form_track is written when cookies are disabled; the Form event goes at once', () => {
    const { jar, tracking, ga4Events } = setup();
    tracking.setConsent(ALL, { cookies: { all: true } });
    tracking.attachTriggers();
    contactForm(false).dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    expect(ga4Events('Form')).toHaveLength(1);
    expect(jar.names()).toEqual([]);
  });
});
