//! Quick view on listings: a "Quick view {name}" button on every card below a QuickViewScope,
//! opening a dialog with the product's essentials and a link to its page.

export { QuickViewScope, type QuickViewScopeProps } from './quick-view-scope';
export { quickViewMessages } from './messages';
