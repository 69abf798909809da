//! Public surface of the variations feature: the form component and its engine (its wire types
//! and calls are the API client's, lib/api).

export { VariationForm, type AddToCartArgs, type VariationFormProps } from './components/variation-form';
export * from './engine';
export { messages as variationMessages } from './messages';
export * from './constants';
