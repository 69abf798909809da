//! The quantity field's value, clamped to the shown variation's rules when it changes (the
//! shared quantity control clamps typing on blur and steps with minus / plus).

import { useState } from 'react';
import type { Variation } from '@/lib/api/types';
import { quantityRules, type QuantityRules } from '../engine';

export interface QuantityField {
  readonly text: string;
  readonly rules: QuantityRules;
  setText(text: string): void;
}

const parse = (text: string): number => Number.parseInt(text, 10);

export function useQuantity(variation: Variation | null): QuantityField {
  const [text, setText] = useState('1');
  const [clampedFor, setClampedFor] = useState<Variation | null>(null);
  if (variation !== clampedFor) {
    // A newly shown variation brings its own min/max: clamp the current quantity once.
    setClampedFor(variation);
    if (variation) setText(String(quantityRules(variation, parse(text)).value));
  }
  const rules = quantityRules(variation, parse(text));
  return { text, rules, setText };
}
