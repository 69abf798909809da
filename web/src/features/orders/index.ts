//! The orders feature's public face: the order-received page, the order's details table (the
//! order-pay page shows it too), the order query, and the Purchase event tracking follows.

export { OrderReceivedPage, formatOrderDate, type OrderReceivedPageProps } from './components/order-received-page';
export { OrderDetails, type OrderDetailsProps } from './components/order-details';
export { OrderSections, type OrderSectionsProps } from './components/order-sections';
export { useOrder, orderQueryKey } from './hooks/use-order';
export { PURCHASE_EVENT, PURCHASES_KEY, reportPurchase, type PurchaseDetail } from './purchase-event';
export { messages as orderMessages } from './messages';
