import { resetDocument } from '../test-support';
import { DEFAULT_DOWNLOAD_EXTENSIONS, trackClicks } from './clicks';
import { linkExtension, linkFilename, matchesUrlTrigger, removeUrlDomain } from './urls';

function link(href: string, text = 'Link'): HTMLAnchorElement {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  a.textContent = text;
  a.addEventListener('click', (e) => e.preventDefault());
  document.body.appendChild(a);
  return a;
}

describe('URL helpers', () => {
  it('finds the extension after the last dot of the file name', () => {
    expect(linkExtension('/files/report.v2.pdf?download=1#p')).toBe('pdf');
    expect(linkExtension('/shop/')).toBe('');
    expect(linkFilename('https://s/a/price-list.xls?x')).toBe('price-list.xls');
    expect(linkFilename('https://s/a/b')).toBe('');
  });

  it('compares URLs without scheme, www and leading slashes', () => {
    expect(removeUrlDomain('https://www.shop.example.com/sale/#top')).toBe('shop.example.com/sale');
    expect(matchesUrlTrigger('https://www.shop.example.com/sale', { value: 'shop.example.com/sale', rule: 'match' })).toBe(true);
    expect(matchesUrlTrigger('https://shop.example.com/sale/shoes', { value: 'shop.example.com/sale', rule: 'match' })).toBe(false);
    expect(matchesUrlTrigger('https://shop.example.com/sale/shoes', { value: '/sale', rule: 'contains' })).toBe(true);
  });

  it('matches every link for * or an empty value', () => {
    expect(matchesUrlTrigger('/anything', { value: '*', rule: 'match' })).toBe(true);
    expect(matchesUrlTrigger('/anything', { value: '', rule: 'contains' })).toBe(true);
  });
});

describe('trackClicks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    resetDocument();
  });

  it('reports downloads by extension instead of a link event', () => {
    const onDownload = vi.fn();
    const onLink = vi.fn();
    const cleanup = trackClicks(document, {
      downloads: { extensions: DEFAULT_DOWNLOAD_EXTENSIONS, removeQuery: true, onDownload },
      links: { siteHost: 'localhost:3000', onLink },
    });
    link('/media/catalogue.PDF?v=2').click();
    vi.advanceTimersByTime(1000);
    expect(onDownload).toHaveBeenCalledWith({
      download_url: '/media/catalogue.PDF',
      download_type: 'PDF',
      download_name: 'catalogue.PDF',
    });
    expect(onLink).not.toHaveBeenCalled();
    cleanup();
  });

  it('fires link events 500 ms later with e-mails stripped from the text', () => {
    const onLink = vi.fn();
    trackClicks(document, { links: { siteHost: new URL(document.baseURI).host, onLink } });
    link('https://partner.example/x', 'Ask ann@example.com').click();
    link('/cart/', 'Cart').click();
    link('mailto:ann@example.com').click();
    vi.advanceTimersByTime(499); // spec §9: delayed link events 500 ms
    expect(onLink).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLink.mock.calls).toEqual([
      [{ target_url: 'https://partner.example/x', text: 'Ask' }, 'outbound'],
      [{ target_url: '/cart/', text: 'Cart' }, 'internal'],
    ]);
  });

  it('fires URL click triggers on matching links, even when a page script stops propagation', () => {
    const onMatch = vi.fn();
    trackClicks(document, { urlTriggers: [{ id: '7', triggers: [{ value: '/sale', rule: 'contains' }], onMatch }] });
    const a = link('/sale/shoes');
    a.addEventListener('click', (e) => e.stopPropagation());
    a.click();
    link('/about/').click();
    expect(onMatch).toHaveBeenCalledTimes(1);
    expect(onMatch).toHaveBeenCalledWith('7');
  });
});
