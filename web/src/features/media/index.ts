//! Staff's product image uploads (ADR 0016): `/my-account/product-images/`.

export { ProductImagesPage, PRODUCT_IMAGES_PATH, messages as productImagesMessages } from './product-images-page';
export { UseForProduct, useMessages as useForProductMessages, type FindProducts, type ProductChoice } from './use-for-product';
