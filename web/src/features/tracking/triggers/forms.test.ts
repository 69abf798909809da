import { resetDocument } from '../test-support';
import { formParams, isExcludedForm, trackCommentSubmissions, trackFormSubmissions } from './forms';

function form(html: string, attrs: Record<string, string> = {}): HTMLFormElement {
  const f = document.createElement('form');
  for (const [k, v] of Object.entries(attrs)) f.setAttribute(k, v);
  f.innerHTML = html;
  f.addEventListener('submit', (e) => e.preventDefault());
  document.body.appendChild(f);
  return f;
}

afterEach(resetDocument);

describe('form submissions', () => {
  it('reports id, class and submit text of a generic form', () => {
    const onForm = vi.fn();
    trackFormSubmissions(document, onForm);
    form('<input type="submit" value="Join us">', { id: 'newsletter', class: 'signup wide' }).requestSubmit();
    form('<button type="submit"> Send to me@x.io </button>', { id: 'contact' }).requestSubmit();
    expect(onForm.mock.calls.map((call) => call[0])).toEqual([
      { form_id: 'newsletter', form_class: 'signup wide', text: 'Join us' },
      { form_id: 'contact', form_class: '', text: 'Send to' },
    ]);
    // The submit event goes along (form_track: was the navigation prevented?).
    expect(onForm.mock.calls.every((call) => call[1] instanceof Event && call[1].type === 'submit')).toBe(true);
  });

  it('leaves out comment, search, cart, checkout and plugin forms', () => {
    for (const className of ['comment-form', 'search-form', 'cart', 'checkout', 'woocommerce-cart-form', 'wpcf7-form']) {
      expect(isExcludedForm(form('', { class: className })), className).toBe(true);
    }
    expect(isExcludedForm(form('', { role: 'search' }))).toBe(true);
    expect(isExcludedForm(form('', { id: 'plain' }))).toBe(false);
  });

  it('reports comment submissions separately', () => {
    const onComment = vi.fn();
    const onForm = vi.fn();
    trackCommentSubmissions(document, onComment);
    trackFormSubmissions(document, onForm);
    form('<button type="submit">Post</button>', { class: 'comment-form' }).requestSubmit();
    expect(onComment).toHaveBeenCalledTimes(1);
    expect(onForm).not.toHaveBeenCalled();
  });

  it('reads empty text when there is no submit control', () => {
    expect(formParams(form('')).text).toBe('');
  });
});
