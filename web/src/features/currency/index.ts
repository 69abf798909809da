//! The currency feature's public face: the provider every switcher reads, the three placements
//! (spec §4: sidebar, header dropdown, inline block) and the address clean-up after load.

export { CurrencyProvider, hasChoice, useCurrency, type CurrencyProviderProps } from './currency-context';
export { CurrencyInline } from './components/currency-inline';
export { CurrencyDropdownOnDemand, CurrencySidebarOnDemand } from './components/currency-on-demand';
export { CURRENCY_PARAM, removeCurrencyParam } from './url';
