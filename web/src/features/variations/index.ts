//! Public surface of the variations feature: the form component, its engine, client and types.

export { VariationForm, type AddToCartArgs, type VariationFormProps } from './components/variation-form';
export { createVariationsClient, variationsClient, VariationsApiError, type VariationsClient } from './api';
export * from './engine';
export { messages as variationMessages } from './messages';
export * from './constants';
export type * from './types';
