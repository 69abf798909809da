//! A decorative background layer that drifts at `speed` × the section's scroll offset (spec §1:
//! parallax that respects prefers-reduced-motion). Frames only write the layer's transform, from
//! a passive scroll listener that runs only while the section is in view; under reduced motion
//! the layer stays put, following the setting live.

import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useReducedMotion } from '@/lib/motion';
import './parallax.css';

export const PARALLAX_SPEED = 0.3;

/** How far the layer moves, in px to 0.1 px, once the section's top has scrolled `offset` px past the viewport's top. */
export function parallaxShift(offset: number, speed: number): number {
  return Math.round(offset * speed * 10) / 10 || 0;
}

interface ParallaxProps {
  speed?: number;
  className?: string;
  /** Styles the decorative layer (its gradients or shapes). */
  layerClassName?: string;
  children?: ReactNode;
}

export function Parallax({ speed = PARALLAX_SPEED, className, layerClassName, children }: ParallaxProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();

  // A layout effect so the first position is drawn before the first paint: no jump on load.
  useLayoutEffect(() => {
    const root = rootRef.current;
    const layer = layerRef.current;
    if (!root || !layer || reducedMotion || speed === 0) return;
    let frame = 0;
    let listening = false;
    const draw = () => {
      frame = 0;
      const shift = parallaxShift(-root.getBoundingClientRect().top, speed);
      layer.style.transform = `translate3d(0, ${shift}px, 0)`;
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(draw);
    };
    const listen = (on: boolean) => {
      if (on === listening) return;
      listening = on;
      if (on) {
        window.addEventListener('scroll', schedule, { passive: true });
        window.addEventListener('resize', schedule, { passive: true });
        schedule();
      } else {
        window.removeEventListener('scroll', schedule);
        window.removeEventListener('resize', schedule);
      }
    };
    draw();
    let observer: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => {
        const latest = entries[entries.length - 1];
        if (latest) listen(latest.isIntersecting);
      });
      observer.observe(root);
    } else {
      listen(true);
    }
    return () => {
      observer?.disconnect();
      listen(false);
      if (frame !== 0) cancelAnimationFrame(frame);
      layer.style.transform = '';
    };
  }, [reducedMotion, speed]);

  return (
    <div ref={rootRef} className={className ? `parallax ${className}` : 'parallax'}>
      <div
        ref={layerRef}
        className={layerClassName ? `parallax__layer ${layerClassName}` : 'parallax__layer'}
        aria-hidden="true"
        data-testid="parallax-layer"
      />
      {children}
    </div>
  );
}
