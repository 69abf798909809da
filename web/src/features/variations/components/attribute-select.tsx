//! A plain <select> for one attribute, named by the attribute label.

import { useId } from 'react';
import type { VariationAttribute } from '@/lib/api/types';
import { isSelectable, stateOf, type OptionStates } from '../engine';
import { messages } from '../messages';

interface AttributeSelectProps {
  readonly attribute: VariationAttribute;
  readonly value: string;
  readonly states: OptionStates;
  readonly clickableOutOfStock: boolean;
  onChoose(value: string): void;
}

/** Options matching no variation, and out-of-stock ones unless clickable, are disabled. */
export function AttributeSelect(props: AttributeSelectProps) {
  const { attribute, value, states, clickableOutOfStock, onChoose } = props;
  const id = useId();
  return (
    <div className="vt-attribute vt-attribute--select">
      <label className="vt-attribute__label" htmlFor={id}>
        {attribute.name}
      </label>
      <select
        id={id}
        className="vt-attribute__select"
        name={attribute.key}
        value={value}
        onChange={(event) => onChoose(event.target.value)}
      >
        <option value="">{messages.chooseAnOption}</option>
        {attribute.options.map((option) => {
          const state = stateOf(states, attribute.key, option);
          return (
            <option
              key={option}
              value={option}
              data-state={state}
              disabled={!isSelectable(state, clickableOutOfStock)}
            >
              {option}
            </option>
          );
        })}
      </select>
    </div>
  );
}
