//! One attribute's picker: swatches or a plain select, as configured per attribute.

import type { VariationAttribute } from '@/lib/api/types';
import type { OptionStates } from '../engine';
import { AttributeSelect } from './attribute-select';
import { SwatchGroup } from './swatch-group';

interface AttributeFieldProps {
  readonly attribute: VariationAttribute;
  readonly value: string;
  readonly states: OptionStates;
  readonly clickableOutOfStock: boolean;
  readonly clearOnReselect: boolean;
  onChoose(key: string, value: string): void;
}

export function AttributeField(props: AttributeFieldProps) {
  const { attribute, onChoose, clearOnReselect, ...rest } = props;
  const choose = (value: string) => onChoose(attribute.key, value);
  if (attribute.swatch === 'select') return <AttributeSelect attribute={attribute} onChoose={choose} {...rest} />;
  return <SwatchGroup attribute={attribute} onChoose={choose} clearOnReselect={clearOnReselect} {...rest} />;
}
