//! One swatch: a radio (colour, image or text) with selected / disabled / no-stock states.

import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import type { SwatchType, SwatchValue } from '@/lib/api/types';
import type { OptionState } from '../engine';

interface SwatchProps {
  readonly value: string;
  readonly kind: SwatchType;
  readonly look: SwatchValue | undefined;
  readonly state: OptionState;
  readonly selectable: boolean;
  readonly checked: boolean;
  readonly tabStop: boolean;
  /** Id of the "Out of stock" text describing no-stock swatches. */
  readonly noStockId: string;
  readonly buttonRef: Ref<HTMLButtonElement>;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
  onPreview(value: string | null): void;
}

function SwatchFace({ value, kind, look }: Pick<SwatchProps, 'value' | 'kind' | 'look'>) {
  if (kind === 'color' && look?.color) {
    return <span className="vt-swatch__color" style={{ backgroundColor: look.color }} />;
  }
  if (kind === 'image' && look?.image_src) {
    return <img className="vt-swatch__image" src={look.image_src} srcSet={look.image_srcset} alt="" />;
  }
  return <span className="vt-swatch__text">{value}</span>;
}

function faceKind(kind: SwatchType, look: SwatchValue | undefined): string {
  if (kind === 'color' && look?.color) return 'color';
  if (kind === 'image' && look?.image_src) return 'image';
  return 'button';
}

export function Swatch(props: SwatchProps) {
  const { value, kind, look, state, selectable, checked, tabStop, noStockId, buttonRef } = props;
  const classes = [
    'vt-swatch',
    `vt-swatch--${faceKind(kind, look)}`,
    checked ? 'is-selected' : '',
    state === 'disabled' ? 'is-disabled' : '',
    state === 'out_of_stock' ? 'is-no-stock' : '',
    selectable ? '' : 'is-unclickable',
  ].filter(Boolean);
  const preview = () => props.onPreview(value);
  const unpreview = () => props.onPreview(null);
  return (
    <button
      ref={buttonRef}
      type="button"
      role="radio"
      className={classes.join(' ')}
      aria-checked={checked}
      aria-label={value}
      aria-disabled={selectable ? undefined : true}
      aria-describedby={state === 'out_of_stock' ? noStockId : undefined}
      title={value}
      data-value={value}
      data-state={state}
      tabIndex={tabStop ? 0 : -1}
      onClick={props.onClick}
      onKeyDown={props.onKeyDown}
      onMouseEnter={preview}
      onMouseLeave={unpreview}
      onFocus={preview}
      onBlur={unpreview}
    >
      <SwatchFace value={value} kind={kind} look={look} />
    </button>
  );
}
