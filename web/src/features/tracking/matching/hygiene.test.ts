import { isEmailLike, scrubParams, stripEmails } from './hygiene';

describe('e-mail hygiene', () => {
  it('recognises e-mail-like values', () => {
    expect(isEmailLike('jane.doe+x@example.co.uk')).toBe(true);
    expect(isEmailLike('newsletter')).toBe(false);
    expect(isEmailLike('a@b')).toBe(false);
  });

  it('strips addresses from link text', () => {
    expect(stripEmails('Write to jane@example.com today')).toBe('Write to today');
  });

  it('drops e-mail UTM values and scrubs text params, leaving the rest', () => {
    expect(
      scrubParams({ utm_source: 'jane@example.com', utm_medium: 'email', text: 'Mail bob@x.org', value: 3 }),
    ).toEqual({ utm_medium: 'email', text: 'Mail', value: 3 });
  });
});
