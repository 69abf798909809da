//! The Purchase window event's name, which the app's tracking listens for on every page; the
//! reporting itself (purchase-event.ts) loads with the order-received page.

export const PURCHASE_EVENT = 'vitrine:purchase';
