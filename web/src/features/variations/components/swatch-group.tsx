//! Swatches for one attribute as a radio group named by the attribute label.

import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { VariationAttribute } from '@/lib/api/types';
import { isSelectable, stateOf, type OptionStates } from '../engine';
import { messages } from '../messages';
import { arrowDirection, nextSelectable, tabStop } from './roving';
import { Swatch } from './swatch';

interface SwatchGroupProps {
  readonly attribute: VariationAttribute;
  readonly value: string;
  readonly states: OptionStates;
  readonly clickableOutOfStock: boolean;
  readonly clearOnReselect: boolean;
  onChoose(value: string): void;
}

/**
 * Radio-group keyboard model: one tab stop (roving tabindex); arrow keys move and select,
 * skipping options that cannot be chosen; Space/Enter/click select, and on the selected swatch
 * clear it when clear-on-reselect is on. Hover or focus previews the value's name.
 */
export function SwatchGroup(props: SwatchGroupProps) {
  const { attribute, value, states, clickableOutOfStock, clearOnReselect, onChoose } = props;
  const labelId = useId();
  const noStockId = useId();
  const [previewed, setPreviewed] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const stateFor = (option: string) => stateOf(states, attribute.key, option);
  const selectable = (option: string) => isSelectable(stateFor(option), clickableOutOfStock);
  const stop = tabStop(attribute.options, selectable, value);

  const activate = (option: string) => {
    if (!selectable(option)) return;
    if (option !== value) onChoose(option);
    else if (clearOnReselect) onChoose('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, option: string) => {
    const direction = arrowDirection(event.key);
    if (direction === 0) return;
    event.preventDefault();
    const next = nextSelectable(attribute.options, selectable, option, direction);
    if (next === null) return;
    buttons.current.get(next)?.focus();
    onChoose(next);
  };

  return (
    <div className={`vt-attribute vt-attribute--${attribute.swatch}`}>
      <div className="vt-attribute__heading">
        <span className="vt-attribute__label" id={labelId}>
          {attribute.name}
        </span>
        <span className="vt-attribute__value" aria-hidden="true">
          {previewed ?? value}
        </span>
      </div>
      <div role="radiogroup" aria-labelledby={labelId} className="vt-swatches">
        {attribute.options.map((option) => (
          <Swatch
            key={option}
            value={option}
            kind={attribute.swatch}
            look={attribute.swatch_values[option]}
            state={stateFor(option)}
            selectable={selectable(option)}
            checked={option === value}
            tabStop={option === stop}
            noStockId={noStockId}
            buttonRef={(el) => {
              if (el) buttons.current.set(option, el);
              else buttons.current.delete(option);
            }}
            onClick={() => activate(option)}
            onKeyDown={(event) => onKeyDown(event, option)}
            onPreview={setPreviewed}
          />
        ))}
      </div>
      <span id={noStockId} hidden>
        {messages.outOfStock}
      </span>
    </div>
  );
}
