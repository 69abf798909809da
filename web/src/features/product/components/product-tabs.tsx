//! The product tabs (Description, Additional information, Reviews (N)): WAI-ARIA tabs with
//! roving focus (arrow keys, Home, End) and the first tab chosen from the URL (spec §2, §4). A
//! panel the shopper opens slides open over DESCRIPTION_SLIDE_MS (spec §9 "Description slide
//! animations 250 ms"): `data-sliding` for that long, the CSS animation reading the same length;
//! no slide under prefers-reduced-motion.

import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from '@/lib/router';
import { initialTab, tabForHash, type TabId } from '../utils/initial-tab';

export interface TabSpec {
  id: TabId;
  title: string;
  /** The panel, or a function of whether it is the one shown (to load its parts on demand). */
  panel: ReactNode | ((shown: boolean) => ReactNode);
}

export const DESCRIPTION_SLIDE_MS = 250;
const SLIDE_STYLE = { '--description-slide': `${DESCRIPTION_SLIDE_MS}ms` } as CSSProperties;

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

export function ProductTabs({ tabs }: { tabs: TabSpec[] }) {
  const location = useLocation();
  const ids = tabs.map((t) => t.id);
  const [selected, setSelected] = useState<TabId | undefined>(() =>
    initialTab(ids, { hash: location.hash, href: `${location.pathname}${location.search}` }),
  );
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());
  const [sliding, setSliding] = useState<TabId | null>(null);
  useEffect(() => {
    if (!sliding) return;
    const timer = window.setTimeout(() => setSliding(null), DESCRIPTION_SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [sliding]);

  const available = ids.join(' ');
  // A link to #reviews (or another tab) on the same page opens that tab.
  useEffect(() => {
    const wanted = tabForHash(location.hash);
    if (wanted && available.split(' ').includes(wanted)) setSelected(wanted);
  }, [location.hash, available]);

  if (tabs.length === 0) return null;
  const current = tabs.some((t) => t.id === selected) ? selected : tabs[0]?.id;

  const open = (id: TabId) => {
    // Asked at the moment of opening: nothing to follow between clicks.
    if (id !== current && !prefersReducedMotion()) setSliding(id);
    setSelected(id);
  };

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    open(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === current);
    if (NEXT_KEYS.has(event.key)) select(index + 1);
    else if (PREVIOUS_KEYS.has(event.key)) select(index - 1);
    else if (event.key === 'Home') select(0);
    else if (event.key === 'End') select(tabs.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className="tabs" style={SLIDE_STYLE}>
      {/* The tablist owns the arrow-key handling for its tabs (WAI-ARIA tabs pattern). */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div className="tabs__list" role="tablist" aria-label="Product details" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`tab-title-${tab.id}`}
              className="tabs__tab"
              aria-selected={isSelected}
              aria-controls={`tab-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => open(tab.id)}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`tab-${tab.id}`}
          className="tabs__panel"
          aria-labelledby={`tab-title-${tab.id}`}
          tabIndex={0}
          hidden={tab.id !== current}
          data-sliding={tab.id === sliding && tab.id === current ? '' : undefined}
        >
          {typeof tab.panel === 'function' ? tab.panel(tab.id === current) : tab.panel}
        </div>
      ))}
    </div>
  );
}
