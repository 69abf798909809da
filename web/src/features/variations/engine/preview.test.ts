//! Tests of the preview and displayed image.

import { image, variation } from '../fixtures/build';
import { COLOR, hoodie, hoodieVariations, LOGO, vneck } from '../fixtures/samples';
import { displayedImage, hasImage, previewImageFrom, previewKey, previewValue } from './preview';
import { emptySelection } from './selection';
import { buildIndex } from './variation-index';

describe('preview image', () => {
  it('previews on the first attribute by default', () => {
    expect(previewKey(hoodie())).toBe(COLOR);
  });

  it('previews on the named preview attribute when set', () => {
    expect(previewKey(hoodie({ preview_attribute: LOGO }))).toBe(LOGO);
  });

  it('falls back to the first attribute when the named one does not exist', () => {
    expect(previewKey(hoodie({ preview_attribute: 'attribute_size' }))).toBe(COLOR);
  });

  it('has no preview attribute when the form has no attributes', () => {
    expect(previewKey({ ...hoodie(), attributes: [] })).toBeNull();
  });

  it('previews the chosen value before all are chosen', () => {
    const index = buildIndex(hoodie());
    const blue = { ...emptySelection(index), [COLOR]: 'Blue' };
    expect(previewValue(index, blue, COLOR)).toBe('Blue');
  });

  it('does not preview once all are chosen, nor when the preview attribute is empty', () => {
    const index = buildIndex(hoodie());
    expect(previewValue(index, { [COLOR]: 'Blue', [LOGO]: 'No' }, COLOR)).toBeNull();
    expect(previewValue(index, { [COLOR]: '', [LOGO]: 'No' }, COLOR)).toBeNull();
    expect(previewValue(index, emptySelection(index), null)).toBeNull();
  });

  it('takes the image of the first variation matching the value that has one', () => {
    const variations = [
      variation(1, { [COLOR]: 'Blue' }, { image: null }),
      variation(2, { [COLOR]: 'Blue' }, { image: image('') }),
      variation(3, { [COLOR]: 'Blue' }, { image: image('/blue.jpg') }),
    ];
    expect(previewImageFrom(variations, COLOR, 'Blue')?.src).toBe('/blue.jpg');
  });

  it('previews the hoodie in Blue with the Blue-Yes image (first in order)', () => {
    expect(previewImageFrom(hoodieVariations, COLOR, 'Blue')?.src).toBe('/media/hoodie-with-logo-2.jpg');
  });

  it('any-value variations match a preview value too', () => {
    const variations = vneck().product_variations ?? [];
    expect(previewImageFrom(variations, 'attribute_size', 'Small')?.src).toBe('/media/vneck-tee-2.jpg');
  });

  it('has no preview when no matching variation has an image', () => {
    expect(previewImageFrom([variation(1, { [COLOR]: 'Blue' })], COLOR, 'Blue')).toBeNull();
  });

  it("a shown variation's image wins over the preview", () => {
    const v = variation(1, {}, { image: image('/v.jpg') });
    expect(displayedImage(v, image('/p.jpg'))?.src).toBe('/v.jpg');
  });

  it('a shown variation without an image restores the original (null)', () => {
    expect(displayedImage(variation(1, {}), image('/p.jpg'))).toBeNull();
  });

  it('with no variation the preview shows, and with neither the original (null)', () => {
    expect(displayedImage(null, image('/p.jpg'))?.src).toBe('/p.jpg');
    expect(displayedImage(null, null)).toBeNull();
  });

  it('an image with an empty src does not count as an image', () => {
    expect(hasImage(image(''))).toBe(false);
    expect(hasImage(null)).toBe(false);
  });
});
