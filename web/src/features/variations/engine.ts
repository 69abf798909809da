//! The variation selection engine: pure functions over an index of the form's variations.
//! No React, no DOM; see README.md for the spec rule each function implements.

export { attributesMatch, findMatchingVariations, type AttributeValues } from './engine/matching';
export { buildIndex, type VariationIndex } from './engine/variation-index';
export {
  isSelectable,
  optionStates,
  stateOf,
  type OptionState,
  type OptionStates,
} from './engine/option-states';
export {
  choose,
  chosenCount,
  clearSelection,
  emptySelection,
  isComplete,
  normalizeSelection,
  pruneSelection,
  selectionKey,
  showClear,
  type Selection,
} from './engine/selection';
export {
  findMatch,
  resolveSelection,
  shouldShowNoMatchNotice,
  type Resolution,
} from './engine/resolve';
export {
  buttonAlert,
  buttonState,
  clampQuantity,
  quantityRules,
  DEFAULT_MIN_QUANTITY,
  type ButtonState,
  type QuantityRules,
} from './engine/purchase';
export { stockText } from './engine/stock';
export {
  displayedImage,
  hasImage,
  previewImageFrom,
  previewKey,
  previewValue,
} from './engine/preview';
export { addressForSelection, selectionFromSearch } from './engine/address';
