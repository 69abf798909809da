//! One row of the cart table: remove, image, name with attributes, unit price, quantity and
//! line subtotal; blocked by the overlay while its change is pending.

import { Link } from '@/lib/router';
import { ProductImage } from '@/components/product-image';
import type { CartItemView } from '@/lib/api/types';
import { messages } from '../messages';
import { BlockOverlay } from './block-overlay';
import { ItemAttributes, LinePrice, LineQuantity, RemoveLink } from './line-parts';

interface CartLineRowProps {
  item: CartItemView;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onRemove: (href: string) => void;
  removing: boolean;
  busy: boolean;
}

export function CartLineRow({ item, quantity, onQuantity, onRemove, removing, busy }: CartLineRowProps) {
  return (
    <tr className="cart-table__row cart_item" aria-busy={busy || undefined}>
      <td className="cart-table__remove">
        <RemoveLink item={item} onRemove={onRemove} />
      </td>
      <td className="cart-table__thumbnail">
        {item.image && <ProductImage image={item.image} alt="" className="cart-table__image" sizes="96px" />}
      </td>
      <td className="cart-table__name" data-title={messages.product}>
        <Link to={item.url}>{item.product_name}</Link>
        <ItemAttributes item={item} />
      </td>
      <td className="cart-table__price" data-title={messages.price}>
        <LinePrice item={item} />
      </td>
      <td className="cart-table__quantity" data-title={messages.quantity}>
        <LineQuantity item={item} label={messages.quantityFor(item.product_name)} value={quantity} onChange={onQuantity} disabled={removing} />
      </td>
      <td className="cart-table__subtotal" data-title={messages.subtotal}>
        {item.line_total.text}
        {/* Inside a cell: a positioned overlay over the whole row needs a positioned row. */}
        <BlockOverlay active={busy} />
      </td>
    </tr>
  );
}
