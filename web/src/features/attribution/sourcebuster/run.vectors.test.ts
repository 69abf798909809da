// Every measured vector of research §1.11 (woo fork 1.1.2), one page load per row.
import type { SourcebusterOptions } from './options';
import { simulatedBrowser } from './test-browser';

interface Load {
  row: string;
  time: string;
  path: string;
  referrer?: string;
  /** typ ; src ; mdm ; cmp ; cnt ; trm */
  current: string;
  /** typ ; src */
  first: string;
  pgs: number;
  vst: number;
  rf: string;
  fd: string;
  restartBrowserFirst?: boolean;
}

interface Scenario {
  name: string;
  options?: SourcebusterOptions;
  loads: Load[];
}

const UTC0: SourcebusterOptions = { timezoneOffset: 0 };
const WOO: SourcebusterOptions = { lifetime: 0.00001, sessionLength: 30, timezoneOffset: 0 };
const D = '2025-03-10';
const TYPEIN = 'typein ; (direct) ; (none) ; (none) ; (none) ; (none)';
const FB_UTM = 'utm ; fb ; paid_social ; (none) ; (none) ; (none)';
const NEWSLETTER = 'utm ; newsletter ; email ; (none) ; (none) ; (none)';

function single(row: string, name: string, path: string, referrer: string, current: string, first: string, options?: SourcebusterOptions): Scenario {
  const rf = referrer || '(none)';
  return { name, options, loads: [{ row, time: '12:00', path, referrer, current, first, pgs: 1, vst: 1, rf, fd: `${D} 12:00:00` }] };
}

const scenarios: Scenario[] = [
  {
    name: 'T01 a direct visit is typein and an internal second page keeps it',
    loads: [
      { row: 'T01.1', time: '12:00', path: '/', current: TYPEIN, first: 'typein ; (direct)', pgs: 1, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'T01.2', time: '12:02', path: '/product/a', referrer: 'https://shop.example.com/', current: TYPEIN, first: 'typein ; (direct)', pgs: 2, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
    ],
  },
  single('T02', 'T02 all utm parameters are stored and the term is decoded once', '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_content=hero&utm_term=running%20shoes&utm_id=42', '', 'utm ; newsletter ; email ; spring_sale ; hero ; running shoes', 'utm ; newsletter'),
  single('T03', 'T03 a gclid alone is google cpc', '/?gclid=Cj0KCQ', '', 'utm ; google ; cpc ; google_cpc ; (none) ; (none)', 'utm ; google'),
  single('T04', 'T04 a yclid alone is yandex cpc', '/?yclid=123', '', 'utm ; yandex ; cpc ; yandex_cpc ; (none) ; (none)', 'utm ; yandex'),
  single('T05', 'T05 a google.com referrer is organic without a query', '/', 'https://www.google.com/', 'organic ; google ; organic ; (none) ; (none) ; (none)', 'organic ; google'),
  single('T06', 'T06 a google.co.uk referrer is organic', '/', 'https://www.google.co.uk/', 'organic ; google ; organic ; (none) ; (none) ; (none)', 'organic ; google'),
  single('T07', 'T07 news.google.com is a referral', '/', 'https://news.google.com/', 'referral ; news.google.com ; referral ; (none) ; / ; (none)', 'referral ; news.google.com'),
  single('T08', 'T08 the android google app referrer is a referral', '/', 'android-app://com.google.android.googlequicksearchbox/', 'referral ; com.google.android.googlequicksearchbox ; referral ; (none) ; / ; (none)', 'referral ; com.google.android.googlequicksearchbox'),
  single('T09', 'T09 bing with a q parameter is organic', '/', 'https://www.bing.com/search?q=shoes', 'organic ; bing ; organic ; (none) ; (none) ; (none)', 'organic ; bing'),
  single('T10', 'T10 an origin-only bing referrer is a referral', '/', 'https://www.bing.com/', 'referral ; bing.com ; referral ; (none) ; / ; (none)', 'referral ; bing.com'),
  single('T11', 'T11 yandex with text is organic and keeps no term', '/', 'https://yandex.ru/search/?text=buy+shoes', 'organic ; yandex ; organic ; (none) ; (none) ; (none)', 'organic ; yandex'),
  single('T12', 'T12 duckduckgo is a referral', '/', 'https://duckduckgo.com/', 'referral ; duckduckgo.com ; referral ; (none) ; / ; (none)', 'referral ; duckduckgo.com'),
  single('T13', 'T13 a referral stores the referrer path as content', '/', 'https://news.ycombinator.com/item?id=1', 'referral ; news.ycombinator.com ; referral ; (none) ; /item ; (none)', 'referral ; news.ycombinator.com'),
  single('T14', 'T14 t.co is renamed twitter.com', '/', 'https://t.co/abc123', 'referral ; twitter.com ; referral ; (none) ; /abc123 ; (none)', 'referral ; twitter.com'),
  single('T15', 'T15 an fbclid is ignored and l.facebook.com is a referral', '/?fbclid=IwAR2F4', 'https://l.facebook.com/', 'referral ; l.facebook.com ; referral ; (none) ; / ; (none)', 'referral ; l.facebook.com'),
  single('T16', 'T16 a sibling subdomain is external by default', '/', 'https://blog.example.com/post', 'referral ; blog.example.com ; referral ; (none) ; /post ; (none)', 'referral ; blog.example.com'),
  {
    name: 'T17 a referral inside the session keeps utm, after 30 idle minutes it takes over',
    loads: [
      { row: 'T17.1', time: '12:00', path: '/?utm_source=fb&utm_medium=paid_social', current: FB_UTM, first: 'utm ; fb', pgs: 1, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'T17.2', time: '12:05', path: '/', referrer: 'https://news.ycombinator.com/', current: FB_UTM, first: 'utm ; fb', pgs: 2, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'T17.3', time: '12:36', path: '/', referrer: 'https://news.ycombinator.com/', current: 'referral ; news.ycombinator.com ; referral ; (none) ; / ; (none)', first: 'utm ; fb', pgs: 1, vst: 2, rf: 'https://news.ycombinator.com/', fd: `${D} 12:36:00` },
    ],
  },
  {
    name: 'T18 a direct return visit keeps utm and counts a second visit',
    loads: [
      { row: 'T18.1', time: '12:00', path: '/?utm_source=fb&utm_medium=paid_social', current: FB_UTM, first: 'utm ; fb', pgs: 1, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'T18.2', time: '14:00', path: '/', current: FB_UTM, first: 'utm ; fb', pgs: 1, vst: 2, rf: '(none)', fd: `${D} 12:00:00` },
    ],
  },
  {
    name: 'T19 organic overrides utm even inside the session',
    loads: [
      { row: 'T19.1', time: '12:00', path: '/?utm_source=fb&utm_medium=paid_social', current: FB_UTM, first: 'utm ; fb', pgs: 1, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'T19.2', time: '12:01', path: '/', referrer: 'https://www.google.com/', current: 'organic ; google ; organic ; (none) ; (none) ; (none)', first: 'utm ; fb', pgs: 2, vst: 1, rf: 'https://www.google.com/', fd: `${D} 12:01:00` },
    ],
  },
  {
    name: 'T20 utm overrides organic inside the session',
    loads: [
      { row: 'T20.1', time: '12:00', path: '/', referrer: 'https://www.google.com/', current: 'organic ; google ; organic ; (none) ; (none) ; (none)', first: 'organic ; google', pgs: 1, vst: 1, rf: 'https://www.google.com/', fd: `${D} 12:00:00` },
      { row: 'T20.2', time: '12:01', path: '/?utm_source=mail&utm_medium=email', current: 'utm ; mail ; email ; (none) ; (none) ; (none)', first: 'organic ; google', pgs: 2, vst: 1, rf: '(none)', fd: `${D} 12:01:00` },
    ],
  },
  single('T21', 'T21 repeated, empty and encoded parameters keep sourcebuster quirks', '/?utm_source=a&utm_source=b&utm_medium=&utm_campaign=x+y&utm_term=%E2%9C%93&utm_content', '', 'utm ; a,b ;  ; x+y ; (none) ; ✓', 'utm ; a,b'),
  single('T22', 'T22 a utm key without equals sign is ignored', '/?utm_source', '', TYPEIN, 'typein ; (direct)'),
  single('T23', 'T23 a parameter literally named false counts as campaign, content and term', '/?false=1', '', 'utm ; (none) ; (none) ; 1 ; 1 ; 1', 'utm ; (none)'),
  {
    name: 'T25 every load after 30 idle minutes starts a new visit',
    loads: [
      { row: 'T25.1', time: '12:00', path: '/', current: TYPEIN, first: 'typein ; (direct)', pgs: 1, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'T25.2', time: '12:01', path: '/a', referrer: 'https://shop.example.com/', current: TYPEIN, first: 'typein ; (direct)', pgs: 2, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'T25.3', time: '12:41', path: '/', current: TYPEIN, first: 'typein ; (direct)', pgs: 1, vst: 2, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'T25.4', time: '13:21', path: '/', current: TYPEIN, first: 'typein ; (direct)', pgs: 1, vst: 3, rf: '(none)', fd: `${D} 12:00:00` },
    ],
  },
  single('T26', 'T26 custom typein attributes replace (direct) and (none)', '/', '', 'typein ; direct ; none ; (none) ; (none) ; (none)', 'typein ; direct', { ...UTC0, promocode: { min: 1000, max: 9999 }, userIp: '203.0.113.9', typeinAttributes: { source: 'direct', medium: 'none' } }),
  single('T27', 'T27 a referral rule sets display name and medium', '/', 'https://www.facebook.com/', 'referral ; facebook ; social ; (none) ; / ; (none)', 'referral ; facebook', { ...UTC0, referrals: [{ host: 'facebook.com', medium: 'social', display: 'facebook' }] }),
  single('T28', 'T28 a custom organic rule recognises ecosia', '/', 'https://www.ecosia.org/search?q=shoes', 'organic ; ecosia ; organic ; (none) ; (none) ; (none)', 'organic ; ecosia', { ...UTC0, organics: [{ host: 'ecosia.org', param: 'q', display: 'ecosia' }] }),
  single('T29', 'T29 a delimiter inside a utm value corrupts the type', '/?utm_source=x&utm_campaign=a|||typ=organic|||src=evil', '', ' ; x ; (none) ; a ; (none) ; (none)', ' ; x'),
  single('T30', 'T30 with domain example.com a sibling subdomain is internal but rf is kept', '/', 'https://blog.example.com/post', TYPEIN, 'typein ; (direct)', { ...UTC0, domain: 'example.com' }),
  single('T31', 'T31 the www host of the shop is internal', '/', 'https://www.shop.example.com/x', TYPEIN, 'typein ; (direct)'),
  single('T32', 'T32 a gclid beats a google referrer', '/?gclid=abc', 'https://www.google.com/', 'utm ; google ; cpc ; google_cpc ; (none) ; (none)', 'utm ; google'),
  {
    name: 'W01 WooCommerce settings keep utm across the checkout page',
    options: WOO,
    loads: [
      { row: 'W01.1', time: '12:00', path: '/?utm_source=newsletter&utm_medium=email', current: NEWSLETTER, first: 'utm ; newsletter', pgs: 1, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'W01.2', time: '12:03', path: '/checkout', referrer: 'https://shop.example.com/', current: NEWSLETTER, first: 'utm ; newsletter', pgs: 2, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
    ],
  },
  single('W02', 'W02 base64 cookies read back the same values', '/?utm_source=newsletter&utm_medium=email', '', NEWSLETTER, 'utm ; newsletter', { ...WOO, base64: true }),
  {
    name: 'W03 WooCommerce session cookies vanish when the browser restarts',
    options: WOO,
    loads: [
      { row: 'W03.1', time: '12:00', path: '/?utm_source=newsletter&utm_medium=email', current: NEWSLETTER, first: 'utm ; newsletter', pgs: 1, vst: 1, rf: '(none)', fd: `${D} 12:00:00` },
      { row: 'W03.2', time: '22:00', path: '/', current: TYPEIN, first: 'typein ; (direct)', pgs: 1, vst: 1, rf: '(none)', fd: `${D} 22:00:00`, restartBrowserFirst: true },
    ],
  },
];

describe('sourcebuster measured vectors (research §1.11)', () => {
  it.each(scenarios.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
    const browser = simulatedBrowser(scenario.options ?? UTC0, () => 4183.5 / 9000);
    for (const load of scenario.loads) {
      if (load.restartBrowserFirst) {
        browser.setTime(load.time);
        browser.jar.endBrowserSession();
      }
      const get = browser.load(load.time, load.path, load.referrer, scenario.options ?? UTC0);
      const c = get.current;
      const seen = {
        row: load.row,
        current: [c.typ, c.src, c.mdm, c.cmp, c.cnt, c.trm].join(' ; '),
        first: [get.first.typ, get.first.src].join(' ; '),
        pgs: Number(get.session.pgs),
        vst: Number(get.udata.vst),
        rf: get.current_add.rf,
        fd: get.current_add.fd,
      };
      const { row, current, first, pgs, vst, rf, fd } = load;
      expect(seen).toEqual({ row, current, first, pgs, vst, rf, fd });
    }
  });
});
