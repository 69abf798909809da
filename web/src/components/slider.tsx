//! An accessible carousel (WAI-ARIA APG carousel pattern): slides on a CSS-transformed track,
//! previous/next and "Show slide n" buttons, a rotation control first in tab order, and swipe.
//! It rotates every `interval` ms unless the visitor prefers reduced motion (then it starts
//! stopped and changes slides without a transition); rotation pauses while the pointer is over
//! the slides or focus is inside, and stops for good once the shopper moves the slides.

import { useEffect, useId, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { useReducedMotion } from '@/lib/motion';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './slider.css';

export const SLIDER_INTERVAL_MS = 5000;
/** A horizontal drag longer than this (and mostly sideways) moves one slide. */
export const SWIPE_MIN_PX = 40;

export interface Slide {
  key: string;
  content: ReactNode;
}

interface SliderProps {
  label: string;
  slides: Slide[];
  interval?: number;
}

export function Slider({ label, slides, interval = SLIDER_INTERVAL_MS }: SliderProps) {
  const count = slides.length;
  const trackId = useId();
  const reducedMotion = useReducedMotion();
  const [current, setCurrent] = useState(0);
  // null until the shopper chooses: then the motion setting decides, live (APG: reduced
  // motion overrides autoplay, but the rotation control can still start it).
  const [rotationChoice, setRotationChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const rotationButton = useRef<HTMLButtonElement>(null);

  const index = count > 0 ? Math.min(current, count - 1) : 0;
  const wantsRotation = count > 1 && (rotationChoice ?? !reducedMotion);
  const rotating = wantsRotation && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setCurrent((i) => (i + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [rotating, index, interval, count]);

  if (count === 0) return null;

  const show = (next: number) => {
    setRotationChoice(false);
    setCurrent(((next % count) + count) % count);
  };

  // The rotation control itself does not pause rotation, so starting it shows at once.
  const onFocus = (event: FocusEvent) => setFocused(event.target !== rotationButton.current);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) <= SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return;
    swiped.current = true;
    show(index + (dx < 0 ? 1 : -1));
  };
  // A swipe that ends on a link is not a click on it.
  const onClickCapture = (event: MouseEvent) => {
    if (!swiped.current) return;
    swiped.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label={label}
      data-motion={reducedMotion ? 'reduce' : undefined}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {count > 1 && (
        <div className="slider__controls">
          <button
            ref={rotationButton}
            type="button"
            className="slider__control slider__rotation"
            aria-controls={trackId}
            onClick={() => setRotationChoice(!wantsRotation)}
          >
            {wantsRotation ? <PauseIcon /> : <PlayIcon />}
            <span className="sr-only">{wantsRotation ? 'Stop slide rotation' : 'Start slide rotation'}</span>
          </button>
          <button type="button" className="slider__control" aria-controls={trackId} onClick={() => show(index - 1)}>
            <ChevronLeftIcon />
            <span className="sr-only">Previous slide</span>
          </button>
          <button type="button" className="slider__control" aria-controls={trackId} onClick={() => show(index + 1)}>
            <ChevronRightIcon />
            <span className="sr-only">Next slide</span>
          </button>
        </div>
      )}
      <div
        className="slider__viewport"
        onPointerEnter={() => setHovered(true)}
        onPointerLeave={() => setHovered(false)}
        onPointerDown={count > 1 ? onPointerDown : undefined}
        onPointerUp={count > 1 ? onPointerUp : undefined}
        onPointerCancel={() => (swipe.current = null)}
        onClickCapture={onClickCapture}
      >
        <div
          id={trackId}
          className="slider__track"
          aria-live={rotating ? 'off' : 'polite'}
          style={{ transform: `translate3d(${-100 * index}%, 0, 0)` }}
        >
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className="slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              inert={i !== index}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="slider__picker" role="group" aria-label="Choose a slide">
          {slides.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className="slider__dot"
              aria-controls={trackId}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
            >
              <span className="sr-only">Show slide {i + 1}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

const PauseIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true" focusable="false">
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </svg>
);

const PlayIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </svg>
);
