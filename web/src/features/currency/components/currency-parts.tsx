//! The switcher's interactive placements in one chunk (currency-on-demand.tsx loads it): the
//! header dropdown and the sidebar, with the listbox and its keyboard (currency-select.tsx).

export { CurrencyDropdown } from './currency-dropdown';
export { CurrencySidebar } from './currency-sidebar';
