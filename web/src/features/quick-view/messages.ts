//! The quick view's English copy (ui-contract: button "Quick view {product name}").

export const quickViewMessages = {
  open: 'Quick view',
  close: 'Close',
  details: 'View full details',
  loadFailed: 'Some details could not be loaded. The product page has them all.',
  loading: 'Loading details…',
};
