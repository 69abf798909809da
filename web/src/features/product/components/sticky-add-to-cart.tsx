//! The sticky add-to-cart bar (spec §4): once the summary's own add-to-cart button has scrolled
//! out above the viewport, a bar fixed to the bottom of the window offers the product's name,
//! price and "Add to cart"; it goes again when the button is back in view. Fixed and
//! transformed, it never moves the page. Its button presses the summary's own button (same
//! quantity, same cart queue); a product that still needs choices (options of a variable
//! product, a grouped product's quantities) scrolls back to its form instead.

import { useEffect, useState, type RefObject } from 'react';
import { Price } from '@/components/price';
import type { ProductView, Variation } from '@/lib/api/types';
import { prefersReducedMotion } from '@/lib/motion';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import './sticky-add-to-cart.css';

/** The summary's main button: every type's submit button, or the external product's link. */
const MAIN_BUTTON = '.single_add_to_cart_button, .add-to-cart__button';
/** Where a shopper starts choosing: a select, the selected (or first) swatch, a field. */
const FIRST_CHOICE = 'select, [role="radio"][tabindex="0"], input:not([type="hidden"])';

interface StickyAddToCartProps {
  product: ProductView;
  variation: Variation | null;
  /** The product summary, holding the add-to-cart form and its button. */
  summaryRef: RefObject<HTMLElement | null>;
}

function isDisabled(element: HTMLElement): boolean {
  return element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
}

export function StickyAddToCart({ product, variation, summaryRef }: StickyAddToCartProps) {
  const [mainButton, setMainButton] = useState<HTMLElement | null>(null);
  useEffect(() => {
    setMainButton(summaryRef.current?.querySelector<HTMLElement>(MAIN_BUTTON) ?? null);
  }, [summaryRef, product.id]);
  const active = useScrolledPast(mainButton);
  if (!mainButton) return null;

  const external = product.kind === 'external' ? { url: product.external?.url ?? product.add_to_cart.url, text: product.external?.button_text || product.add_to_cart.text } : null;

  const backToForm = () => {
    const form = mainButton.closest('form') ?? mainButton;
    form.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'center' });
    (form.querySelector<HTMLElement>(FIRST_CHOICE) ?? mainButton).focus({ preventScroll: true });
  };

  const add = () => {
    const needsChoice = product.kind === 'grouped' || (product.kind === 'variable' && !variation) || isDisabled(mainButton);
    if (needsChoice) backToForm();
    else mainButton.click();
  };

  const image = variation?.image?.gallery_thumbnail_src || product.images[0]?.gallery_thumbnail_src || product.image?.gallery_thumbnail_src;
  return (
    <aside
      className="sticky-cart"
      data-active={active}
      aria-label={`Purchase ${product.name}`}
      aria-hidden={!active || undefined}
      inert={!active}
      data-testid="sticky-add-to-cart"
    >
      <div className="container sticky-cart__inner">
        {image && <img className="sticky-cart__image" src={image} alt="" width={48} height={48} />}
        <div className="sticky-cart__text">
          <p className="sticky-cart__name">{product.name}</p>
          <p className="sticky-cart__price">
            {variation?.price_html ? (
              <span className="price-amount" dangerouslySetInnerHTML={{ __html: variation.price_html }} />
            ) : (
              <Price price={product.price} />
            )}
          </p>
        </div>
        {external ? (
          <a className="button button--primary sticky-cart__button" href={external.url} rel="nofollow noopener">
            {external.text}
          </a>
        ) : (
          <button type="button" className="button button--primary sticky-cart__button" onClick={add}>
            Add to cart
          </button>
        )}
      </div>
    </aside>
  );
}
