//! The server's footer link lists fold into accordion sections on small screens (spec §9: 200 ms
//! slide), in the same markup as components/accordion.tsx: each `nav[data-fold]` (a heading and
//! a list, as the server draws it for wide screens) gets a heading holding a button with
//! aria-expanded that controls the list's panel, and goes back when the window widens.

import { SMALL_QUERY } from '@/lib/breakpoints';

export const FOLD_SLIDE_MS = 200;

const CHEVRON =
  '<svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="m6 9 6 6 6-6"></path></svg>';

/** Folds one list: its heading becomes the accordion's toggle, its list the panel; returns the unfold. */
function fold(nav: HTMLElement, index: number): () => void {
  const heading = nav.querySelector(':scope > h2');
  const list = nav.querySelector(':scope > ul');
  if (!heading || !list) return () => undefined;
  const labelledBy = nav.getAttribute('aria-labelledby') ?? '';
  const title = heading.textContent ?? '';
  const id = `footer-fold-${index}`;
  const section = nav.ownerDocument.createElement('div');
  section.className = 'accordion site-footer__fold';
  section.dataset.open = 'false';
  section.style.setProperty('--accordion-slide', `${FOLD_SLIDE_MS}ms`);
  section.innerHTML =
    `<h2 class="accordion__heading"><button id="${id}" type="button" class="accordion__toggle" aria-expanded="false" aria-controls="${id}-panel">${CHEVRON}</button></h2>` +
    `<div id="${id}-panel" role="region" aria-labelledby="${id}" class="accordion__panel" inert><div class="accordion__inner" hidden></div></div>`;
  const button = section.querySelector('button') as HTMLButtonElement;
  const panel = section.querySelector<HTMLElement>('.accordion__panel') as HTMLElement;
  const inner = panel.firstElementChild as HTMLElement;
  button.prepend(title);
  inner.append(list);

  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener('click', () => {
    const open = section.dataset.open !== 'true';
    clearTimeout(timer);
    button.setAttribute('aria-expanded', String(open));
    section.dataset.open = String(open);
    panel.inert = !open;
    // Shut and done sliding: the list leaves the page (and the accessibility tree).
    if (open) inner.hidden = false;
    else timer = setTimeout(() => (inner.hidden = true), FOLD_SLIDE_MS);
  });

  nav.removeAttribute('aria-labelledby');
  nav.setAttribute('aria-label', title);
  heading.replaceWith(section);
  return () => {
    clearTimeout(timer);
    section.replaceWith(heading);
    nav.append(list);
    nav.removeAttribute('aria-label');
    nav.setAttribute('aria-labelledby', labelledBy);
  };
}

/** Folds the footer's lists while the window is small (SMALL_QUERY); returns the stop function. */
export function installFooterFold(footer: HTMLElement, win: Window = window): () => void {
  const navs = Array.from(footer.querySelectorAll<HTMLElement>('nav[data-fold]'));
  const query = win.matchMedia?.(SMALL_QUERY);
  if (!query || navs.length === 0) return () => undefined;
  let unfold: (() => void)[] = [];
  const apply = () => {
    if (query.matches && unfold.length === 0) unfold = navs.map(fold);
    else if (!query.matches && unfold.length > 0) {
      for (const restore of unfold) restore();
      unfold = [];
    }
  };
  apply();
  query.addEventListener?.('change', apply);
  return () => {
    query.removeEventListener?.('change', apply);
    for (const restore of unfold) restore();
    unfold = [];
  };
}
