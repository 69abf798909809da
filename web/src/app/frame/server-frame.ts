//! Test helper: the server's page frame (crates/vitrine-http/src/storefront/frame.rs) for a
//! page, with its island places, so the whole app mounts in jsdom as main.tsx mounts it in the
//! browser: React's root on `<main>`, the islands drawn into the header and footer (test-only).

import type { PageData, SiteView } from '@/lib/api/types';
import { isActivePath } from '@/lib/router';

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function navLink(path: string, url: string, name: string): string {
  const current = isActivePath(path, url) ? ' active" aria-current="page' : '';
  return `<a class="nav__link${current}" data-router-link="" href="${esc(url)}">${esc(name)}</a>`;
}

function header(site: SiteView, path: string, search: string): string {
  const tops = site.categories.filter((c) => c.parent === null);
  const currency = site.currency.options.length > 1 ? `<div data-island="currency"><button type="button" aria-label="Currency: ${esc(site.currency.current)}" inert></button></div>` : '';
  return (
    '<div class="site-header-sentinel" aria-hidden="true"></div>' +
    `<header class="site-header" id="site-header" tabindex="-1"><div class="container site-header__inner">` +
    '<div data-island="menu"><button type="button" class="menu-toggle" aria-haspopup="dialog" aria-expanded="false" inert>Menu</button></div>' +
    `<a class="site-brand" data-router-link="" href="/"><span class="site-brand__name">${esc(site.name)}</span></a>` +
    `<div data-island="search"><form method="get" action="/" role="search" aria-label="Search products"><input id="site-search" type="search" name="s" value="${esc(search)}" aria-label="Search products"></form></div>` +
    `<div class="site-header__tools">${currency}` +
    '<div data-island="account"><button type="button" aria-haspopup="dialog" inert>Login</button></div>' +
    '<div data-island="cart"><a class="cart-link" href="/cart/" aria-label="Cart, 0 items">Cart 0</a></div></div></div>' +
    '<div class="site-header__bar"><div class="container"><div data-island="category-nav"><nav class="nav nav--bar" aria-label="Main"><ul class="nav__list">' +
    `<li class="nav__item">${navLink(path, '/shop/', 'Shop')}</li>` +
    tops.map((c) => `<li class="nav__item">${navLink(path, c.url, c.name)}</li>`).join('') +
    '</ul></nav></div></div></div></header>'
  );
}

function footer(site: SiteView): string {
  const roots = site.categories.filter((c) => c.parent === null);
  return (
    `<footer class="site-footer"><section aria-labelledby="footer-about"><h2 id="footer-about">${esc(site.name)}</h2></section>` +
    '<nav aria-labelledby="footer-shop" data-fold=""><h2 id="footer-shop" class="site-footer__heading">Shop</h2><ul>' +
    '<li><a data-router-link="" href="/shop/">All products</a></li>' +
    roots.map((c) => `<li><a data-router-link="" href="${esc(c.url)}">${esc(c.name)}</a></li>`).join('') +
    '</ul></nav></footer>'
  );
}

/** The body the server sends for `page` at `path` (the content of `<main>` left out: React draws it). */
export function serverFrameHtml(page: PageData, path: string): string {
  if (page.route === 'coming_soon') {
    return '<div id="root"><div class="site site--bare"><div data-island="account-bars"></div><main id="main" class="site-main" tabindex="-1"></main></div></div>';
  }
  const site = page.site;
  const url = new URL(path, 'http://shop.test');
  const search = url.searchParams.get('s') ?? '';
  const notice = site.theme.store_notice
    ? `<section class="store-notice" aria-label="Store notice"><div class="container store-notice__inner"><p class="store-notice__text">${esc(site.theme.store_notice)}</p><button type="button" class="store-notice__dismiss" inert>Dismiss</button></div></section>`
    : '';
  return (
    '<div id="root"><div class="site"><a class="skip-link" href="#main">Skip to content</a><div data-island="account-bars"></div>' +
    '<div class="route-progress" data-active="false" aria-hidden="true"></div>' +
    (site.theme.page_loader ? '<div data-island="page-loader"></div>' : '') +
    notice +
    header(site, url.pathname, search) +
    '<div data-island="mini-cart"></div><main id="main" class="site-main" tabindex="-1"></main>' +
    footer(site) +
    '<div data-island="currency-sidebar"></div><div data-island="back-to-top"></div></div><div data-island="consent"></div></div>'
  );
}
