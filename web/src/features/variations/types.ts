//! Wire shapes of the variations form, as the server embeds them in the product page and
//! returns them from /api/v1/products/{id}/variations*. Kept in step with the OpenAPI schema.

/** Image with WooCommerce's sizes (spec §3 Variation.image). */
export interface VariationImage {
  src: string;
  thumb_src: string;
  src_w: number;
  src_h: number;
  srcset: string;
  sizes: string;
  title: string;
  caption: string;
  alt: string;
  full_src: string;
  full_src_w: number;
  full_src_h: number;
  gallery_thumbnail_src: string;
}

export interface Dimensions {
  length: string;
  width: string;
  height: string;
}

/** One variation (spec §3 "Variation (read from the server)"). */
export interface Variation {
  variation_id: number;
  /** `attribute_{slug}` → option value; "" means "any value". */
  attributes: Record<string, string>;
  variation_is_visible: boolean;
  variation_is_active: boolean;
  is_in_stock: boolean;
  is_purchasable: boolean;
  is_sold_individually: 'yes' | 'no';
  min_qty: number;
  /** null when unlimited. */
  max_qty: number | null;
  sku: string;
  weight: string;
  weight_html: string;
  dimensions: Dimensions;
  dimensions_html: string;
  price_html: string;
  display_price: number;
  display_regular_price: number;
  display_price_cents: number;
  display_regular_price_cents: number;
  is_virtual: boolean;
  is_downloadable: boolean;
  /** Units left when stock is managed, else null. */
  variation_stock_left: number | null;
  availability_html: string;
  variation_description: string;
  image_id: number | null;
  image_link: string;
  image_src: string;
  image: VariationImage | null;
}

export type SwatchType = 'color' | 'image' | 'button' | 'select';

export interface SwatchValue {
  /** CSS colour for colour swatches. */
  color?: string;
  /** Image for image swatches. */
  image_src?: string;
  image_srcset?: string;
}

export interface VariationAttribute {
  /** Label shown to shoppers, e.g. "Color". */
  name: string;
  /** Form key, e.g. "attribute_color". */
  key: string;
  options: string[];
  swatch: SwatchType;
  swatch_values: Record<string, SwatchValue>;
}

/**
 * Compact availability map, always embedded whatever the number of variations.
 * entries: [variation_id, in_stock (1|0), purchasable (1|0), optionIndex per attribute (-1 = any)]
 */
export interface AvailabilityMap {
  keys: string[];
  options: string[][];
  entries: number[][];
}

/** Spec §3 "Variations form data". */
export interface VariationsFormData {
  product_id: number;
  attributes: VariationAttribute[];
  /** Every variation when total_children <= threshold_max, else null (looked up per selection). */
  product_variations: Variation[] | null;
  availability: AvailabilityMap;
  threshold_max: number;
  total_children: number;
  /** Attribute key whose choice shows a preview image before all are chosen (null = first). */
  preview_attribute: string | null;
  /** Show "Only N left in stock" when max_qty is at or below this. */
  stock_left_threshold: number;
  clickable_out_of_stock: boolean;
  clear_on_reselect: boolean;
  sync_address: boolean;
  /** Defaults chosen on first load (attribute key → value). */
  default_attributes: Record<string, string>;
}
