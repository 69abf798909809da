//! Scroll-to bullets for long pages: one bullet per section, linking to it by hash. The active
//! bullet follows the URL hash and, while scrolling (debounced 100 ms, spec §9), the section
//! that has reached the sticky header's height plus 100 px (scroll-spy.ts).

import { useEffect, useState } from 'react';
import { stickyHeight } from '@/lib/scroll';
import { activeSection, sectionFromHash, SCROLL_SPY_DEBOUNCE_MS } from './scroll-spy';

export interface BulletSection {
  id: string;
  label: string;
}

interface ScrollToBulletsProps {
  sections: BulletSection[];
  label?: string;
}

export function ScrollToBullets({ sections, label = 'Page sections' }: ScrollToBulletsProps) {
  const ids = sections.map((section) => section.id);
  const key = ids.join(' ');
  const [active, setActive] = useState<string | null>(() => sectionFromHash(window.location.hash, ids));

  useEffect(() => {
    const sectionIds = key.split(' ');
    let timer: ReturnType<typeof setTimeout> | null = null;
    const measure = () => {
      timer = null;
      const tops = sectionIds.flatMap((id) => {
        const element = document.getElementById(id);
        return element ? [{ id, top: element.getBoundingClientRect().top }] : [];
      });
      const root = document.documentElement;
      const atBottom = window.scrollY > 0 && window.scrollY + window.innerHeight >= root.scrollHeight - 2;
      setActive(activeSection(tops, stickyHeight(), atBottom));
    };
    const onScroll = () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(measure, SCROLL_SPY_DEBOUNCE_MS);
    };
    const onHashChange = () => {
      const fromHash = sectionFromHash(window.location.hash, sectionIds);
      if (fromHash) setActive(fromHash);
    };
    if (!sectionFromHash(window.location.hash, sectionIds)) measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('hashchange', onHashChange);
    return () => {
      if (timer !== null) clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [key]);

  return (
    <nav className="scroll-bullets" aria-label={label}>
      <ul className="scroll-bullets__list">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              className="scroll-bullets__link"
              href={`#${section.id}`}
              aria-current={active === section.id ? 'location' : undefined}
              onClick={() => setActive(section.id)}
            >
              <span className="scroll-bullets__label">{section.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
