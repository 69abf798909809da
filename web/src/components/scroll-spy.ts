//! Which section a scroll-to bullet marks (spec §4): the last one whose top has reached the
//! sticky header's height plus 100 px from the top of the window; at the very bottom of the
//! page, the last section (a short one could never reach the line).

export const SCROLL_SPY_OFFSET = 100;
/** Spec §9: scroll-to debounce 100 ms. */
export const SCROLL_SPY_DEBOUNCE_MS = 100;

export interface SectionTop {
  id: string;
  /** Top edge relative to the window (getBoundingClientRect().top). */
  top: number;
}

export function activeSection(sections: SectionTop[], stickyHeight: number, atBottom = false): string | null {
  const last = sections.at(-1);
  if (atBottom && last) return last.id;
  const line = stickyHeight + SCROLL_SPY_OFFSET;
  let active: string | null = null;
  for (const section of sections) {
    if (section.top <= line) active = section.id;
  }
  return active;
}

/** The section a URL hash names, if it is one of them. */
export function sectionFromHash(hash: string, ids: string[]): string | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return ids.includes(id) ? id : null;
}
