//! A collapsible section (spec §9: accordion slide 200 ms): a heading holding a button with
//! aria-expanded that controls its panel. The panel slides by animating its grid row from 0fr
//! to 1fr (no measuring from script) over ACCORDION_SLIDE_MS, handed to the CSS; closed, it is
//! inert at once and its content hidden once the slide has ended (a timer of the same length).

import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

export const ACCORDION_SLIDE_MS = 200;

const SLIDE_STYLE = { '--accordion-slide': `${ACCORDION_SLIDE_MS}ms` } as CSSProperties;

interface AccordionSectionProps {
  title: string;
  headingLevel?: 2 | 3 | 4;
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}

export function AccordionSection({ title, headingLevel = 3, defaultOpen = false, className, children }: AccordionSectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  // Shut and done sliding: the content leaves the page (and the accessibility tree).
  const [settled, setSettled] = useState(!defaultOpen);
  if (open && settled) setSettled(false);
  useEffect(() => {
    if (open) return;
    const timer = window.setTimeout(() => setSettled(true), ACCORDION_SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [open]);
  const buttonId = useId();
  const panelId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={className ? `accordion ${className}` : 'accordion'} data-open={open} style={SLIDE_STYLE}>
      <Heading className="accordion__heading">
        <button id={buttonId} type="button" className="accordion__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {title}
          <ChevronDownIcon />
        </button>
      </Heading>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" inert={!open}>
        <div className="accordion__inner" hidden={settled}>
          {children}
        </div>
      </div>
    </div>
  );
}
