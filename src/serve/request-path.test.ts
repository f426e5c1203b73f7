import { describe, expect, it } from 'vitest';
import { asciiUrl, decodeRequestPath, encodePath, splitUrl } from './request-path.ts';

describe('splitUrl', () => {
  it.each([
    ['/a', { rawPath: '/a', search: '' }],
    ['/a?x=1&y=2', { rawPath: '/a', search: '?x=1&y=2' }],
    ['/a?', { rawPath: '/a', search: '' }],
    ['/a?x=1?y', { rawPath: '/a', search: '?x=1?y' }],
    ['/a#frag', { rawPath: '/a', search: '' }],
    ['/a%3Fb?c', { rawPath: '/a%3Fb', search: '?c' }],
  ])('%s', (raw, expected) => {
    expect(splitUrl(raw)).toEqual(expected);
  });
});

describe('decodeRequestPath', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/about/', '/about/'],
    ['/caf%C3%A9', '/caf\u00e9'],
    ['/a%20b', '/a b'],
    ['/a%3Fb', '/a?b'],
    ['/%252e%252e/x', '/%2e%2e/x'], // decoded once only: a literal name, not a dot segment
    ['/..foo/bar..', '/..foo/bar..'],
    ['/.well-known/x', '/.well-known/x'],
  ])('accepts %s', (raw, pathname) => {
    expect(decodeRequestPath(raw)).toEqual({ ok: true, pathname });
  });

  it.each([
    ['/..', 404],
    ['/../etc/passwd', 404],
    ['/a/../../etc/passwd', 404],
    ['/./a', 404],
    ['/%2e%2e/%2e%2e/etc/passwd', 404],
    ['/%2E%2E/x', 404],
    ['/.%2e/x', 404],
    ['/..%2f..%2fetc/passwd', 404],
    ['/..\\..\\etc\\passwd', 404],
    ['/a%5c..%5c..%5cetc%5cpasswd', 404],
    ['/a%5C..', 404],
    ['/%00', 404],
    ['/a%00.html', 404],
    ['/a%0d%0aSet-Cookie:x', 404],
    ['//evil.example', 404],
    ['/a//b', 404],
    ['/%2f%2fevil.example', 404],
    ['/%', 400],
    ['/%zz', 400],
    ['/%C3', 400],
    ['/%E0%A4%A', 400],
    ['*', 400],
    ['http://example.com/a', 400],
  ])('refuses %s with %i', (raw, status) => {
    const result = decodeRequestPath(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.status).toBe(status);
  });
});

describe('encodePath', () => {
  it.each([
    ['/about', '/about'],
    ['/caf\u00e9 menu', '/caf%C3%A9%20menu'],
    ['/a?b#c%d', '/a%3Fb%23c%25d'],
    ["/keep:@!$&'()*+,;=-._~", "/keep:@!$&'()*+,;=-._~"],
  ])('%s → %s', (pathname, encoded) => {
    expect(encodePath(pathname)).toBe(encoded);
  });

  it('round-trips through decodeRequestPath', () => {
    const pathname = '/d\u00e9j\u00e0 vu/100%/a?b';
    expect(decodeRequestPath(encodePath(pathname))).toEqual({ ok: true, pathname });
  });
});

describe('asciiUrl', () => {
  it('encodes only what a header cannot carry', () => {
    expect(asciiUrl('https://example.com/caf\u00e9?q=%20x')).toBe('https://example.com/caf%C3%A9?q=%20x');
    expect(asciiUrl('/plain/path?a=1#f')).toBe('/plain/path?a=1#f');
  });
});
