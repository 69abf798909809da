//! The matching rule of spec §5, stated directly: the reference the fast index is tested against.

/** Chosen values keyed by attribute key (`attribute_color`); "" or missing = not chosen. */
export type AttributeValues = Readonly<Record<string, string | undefined>>;

/**
 * Spec §5: an attribute matches when either side is empty/undefined or the values are equal.
 * Every chosen attribute must match the variation's value for that attribute.
 */
export function attributesMatch(variation: AttributeValues, chosen: AttributeValues): boolean {
  for (const key of Object.keys(chosen)) {
    const want = chosen[key];
    const have = variation[key];
    if (want === undefined || want === '' || have === undefined || have === '') continue;
    if (want !== have) return false;
  }
  return true;
}

/** Every variation matching `chosen`, in the given order (WooCommerce's findMatchingVariations). */
export function findMatchingVariations<T extends { attributes: AttributeValues }>(
  variations: readonly T[],
  chosen: AttributeValues,
): T[] {
  return variations.filter((v) => attributesMatch(v.attributes, chosen));
}
