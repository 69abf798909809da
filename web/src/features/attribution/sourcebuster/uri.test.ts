import { escapeRegExp, getHost, getParams, parseUri, searchOf } from './uri';

describe('parseUri', () => {
  it('splits an absolute URL into host, path and query', () => {
    expect(parseUri('https://news.ycombinator.com/item?id=1#c')).toEqual({
      host: 'news.ycombinator.com',
      path: '/item',
      query: 'id=1',
    });
  });

  it('reads app schemes, bare hosts, ports and user info', () => {
    expect(parseUri('android-app://com.google.android.googlequicksearchbox/').host).toBe(
      'com.google.android.googlequicksearchbox',
    );
    expect(parseUri('shop.example.com')).toEqual({ host: 'shop.example.com', path: '', query: '' });
    expect(parseUri('http://u:p@localhost:3000/a').host).toBe('localhost');
  });
});

describe('getHost', () => {
  it('removes the first www. wherever it is', () => {
    expect(getHost('https://www.bing.com/')).toBe('bing.com');
    expect(getHost('https://shop.www.example.com/')).toBe('shop.example.com');
  });
});

describe('getParams', () => {
  it('keeps raw values, truncates at the second equals and lists repeats', () => {
    const params = getParams('a=1&b=x+y%20z&c=d=e&a=2&flag&r=');
    expect(params.get('a')).toEqual(['1', '2']);
    expect(params.get('b')).toBe('x+y%20z');
    expect(params.get('c')).toBe('d');
    expect(params.get('flag')).toBeUndefined();
    expect(params.has('flag')).toBe(true);
    expect(params.get('r')).toBe('');
  });

  it('lets a later value replace a key first seen without equals', () => {
    expect(getParams('k&k=v').get('k')).toBe('v');
  });

  it('is not fooled by object prototype names', () => {
    expect(getParams('constructor=1&constructor=2').get('constructor')).toEqual(['1', '2']);
  });
});

describe('searchOf and escapeRegExp', () => {
  it('returns the query without question mark or fragment', () => {
    expect(searchOf('https://s.example/p?a=1#x?y')).toBe('a=1');
    expect(searchOf('https://s.example/p')).toBe('');
  });

  it('escapes regular expression syntax', () => {
    expect(new RegExp(`^${escapeRegExp('a.b(c)*')}$`).test('a.b(c)*')).toBe(true);
  });
});
