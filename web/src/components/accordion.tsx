//! A collapsible section (spec §9: accordion slide 200 ms): a heading holding a button with
//! aria-expanded that controls its panel. The panel slides by animating its grid row from 0fr
//! to 1fr (no measuring from script); closed, it is inert and hidden once the slide ends.

import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

export const ACCORDION_SLIDE_MS = 200;

interface AccordionSectionProps {
  title: string;
  headingLevel?: 2 | 3 | 4;
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}

export function AccordionSection({ title, headingLevel = 3, defaultOpen = false, className, children }: AccordionSectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const buttonId = useId();
  const panelId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={className ? `accordion ${className}` : 'accordion'} data-open={open}>
      <Heading className="accordion__heading">
        <button id={buttonId} type="button" className="accordion__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {title}
          <ChevronDownIcon />
        </button>
      </Heading>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" inert={!open}>
        <div className="accordion__inner">{children}</div>
      </div>
    </div>
  );
}
