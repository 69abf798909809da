//! A number that counts up from zero once it scrolls into view (spec §9: 4 s, 0 decimals), with
//! countUp.js's ease-out. Screen readers get the final number only; an invisible copy of it
//! reserves the final width, so counting never moves the text around it; under reduced motion
//! the final number shows at once. Frames write the text directly: no React render per frame.

import { useLayoutEffect, useRef } from 'react';
import { prefersReducedMotion } from '@/lib/motion';

export const COUNT_UP_MS = 4000;
export const COUNT_UP_DECIMALS = 0;

/** countUp.js's easeOutExpo, from 0 to `to` over `duration` ms, rounded to `decimals`. */
export function countUpValue(elapsed: number, to: number, duration = COUNT_UP_MS, decimals = COUNT_UP_DECIMALS): number {
  if (elapsed >= duration) return to;
  const eased = (to * (1 - 2 ** ((-10 * Math.max(0, elapsed)) / duration)) * 1024) / 1023;
  const factor = 10 ** decimals;
  return Math.min(to, Math.round(eased * factor) / factor);
}

// One formatter per number of decimals: `toLocaleString` with options builds a new
// `Intl.NumberFormat` on every call, and a count-up formats once per animation frame.
const formatters = new Map<number, Intl.NumberFormat>();

export function formatCount(value: number, decimals = COUNT_UP_DECIMALS): string {
  let format = formatters.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, format);
  }
  return format.format(value);
}

interface CountUpProps {
  value: number;
  decimals?: number;
  duration?: number;
}

export function CountUp({ value, decimals = COUNT_UP_DECIMALS, duration = COUNT_UP_MS }: CountUpProps) {
  const digitsRef = useRef<HTMLSpanElement>(null);
  const final = formatCount(value, decimals);

  // Before the first paint, so the final number never flashes ahead of the count.
  useLayoutEffect(() => {
    const digits = digitsRef.current;
    if (!digits) return;
    if (prefersReducedMotion()) {
      digits.textContent = final;
      return;
    }
    digits.textContent = formatCount(0, decimals);
    let frame = 0;
    let startedAt: number | null = null;
    const step = (now: number) => {
      startedAt ??= now;
      const elapsed = now - startedAt;
      digits.textContent = formatCount(countUpValue(elapsed, value, duration, decimals), decimals);
      if (elapsed < duration) frame = requestAnimationFrame(step);
    };
    const start = () => {
      frame = requestAnimationFrame(step);
    };
    if (typeof IntersectionObserver !== 'function') {
      start();
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    });
    observer.observe(digits);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value, decimals, duration, final]);

  return (
    <span className="count-up">
      <span className="count-up__ghost" aria-hidden="true">
        {final}
      </span>
      <span ref={digitsRef} className="count-up__digits" aria-hidden="true" data-testid="count-up">
        {final}
      </span>
      <span className="sr-only">{final}</span>
    </span>
  );
}
