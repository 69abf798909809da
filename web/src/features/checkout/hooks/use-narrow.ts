//! Whether an element is narrower than a width (spec §9: the payment list is marked small
//! below 475 px), following its size as the window or the layout changes.
//!
//! The element comes through a callback ref, so one mounted after the component (the payment
//! list appears once a card method is shown) is measured when it appears, not only at mount.

import { useEffect, useState } from 'react';

export function useNarrow<T extends HTMLElement>(below: number): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    if (!element) return;
    const measure = () => setNarrow(element.getBoundingClientRect().width < below);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, below]);
  return [setElement, narrow];
}
