import { resetDocument } from '../test-support';
import { findScript, loadScriptOnce, scriptStatus } from './script-loader';

afterEach(resetDocument);

describe('loadScriptOnce', () => {
  it('inserts one async script per URL however often it is asked', () => {
    const first = loadScriptOnce(document, 'https://cdn.test/a.js');
    const second = loadScriptOnce(document, 'https://cdn.test/a.js');
    loadScriptOnce(document, 'https://cdn.test/b.js');
    expect(second).toBe(first);
    expect(first.async).toBe(true);
    expect(document.querySelectorAll('script[src="https://cdn.test/a.js"]')).toHaveLength(1);
    expect(document.scripts).toHaveLength(2);
  });

  it('reports load to every caller, including late ones', () => {
    const early = vi.fn();
    const late = vi.fn();
    const script = loadScriptOnce(document, '/pixel.js', { onLoad: early });
    expect(scriptStatus(script)).toBe('pending');
    script.dispatchEvent(new Event('load'));
    loadScriptOnce(document, '/pixel.js', { onLoad: late });
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(1);
    expect(scriptStatus(script)).toBe('loaded');
  });

  it('reports errors, also to callers arriving while the script is pending', () => {
    const onError = vi.fn();
    const script = loadScriptOnce(document, '/blocked.js');
    loadScriptOnce(document, '/blocked.js', { onError });
    script.dispatchEvent(new Event('error'));
    expect(onError).toHaveBeenCalledTimes(1);
    const afterwards = vi.fn();
    loadScriptOnce(document, '/blocked.js', { onError: afterwards });
    expect(afterwards).toHaveBeenCalledTimes(1);
  });

  it('reuses a script the page already had', () => {
    const existing = document.createElement('script');
    existing.setAttribute('src', '/server-rendered.js');
    document.head.appendChild(existing);
    expect(findScript(document, '/server-rendered.js')).toBe(existing);
    expect(loadScriptOnce(document, '/server-rendered.js')).toBe(existing);
  });
});
