import { describe, expect, it } from 'vitest';
import { headersFor, parseHeaders } from './headers.ts';

const FILE = `# Security for everything
/*
  X-Frame-Options: DENY
  Referrer-Policy: strict-origin-when-cross-origin

/assets/*
  Cache-Control: public, max-age=31536000, immutable
  X-Tag: assets

/blog/:slug
  X-Tag: article
    x-tag: second-line

/about
\tX-Page: about
`;

describe('parseHeaders', () => {
  it('reads path blocks with indented headers, skipping comments and blanks', () => {
    const { rules, errors } = parseHeaders(FILE);
    expect(errors).toEqual([]);
    expect(rules.map((r) => [r.line, r.path, r.headers])).toEqual([
      [
        2,
        '/*',
        [
          ['X-Frame-Options', 'DENY'],
          ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ],
      ],
      [
        6,
        '/assets/*',
        [
          ['Cache-Control', 'public, max-age=31536000, immutable'],
          ['X-Tag', 'assets'],
        ],
      ],
      [10, '/blog/:slug', [['X-Tag', 'article, second-line']]],
      [14, '/about', [['X-Page', 'about']]],
    ]);
  });

  it('keeps colons in values and trims around them', () => {
    const { rules } = parseHeaders('/x\n  Link:   </a.css>; rel=preload; as=style  \n  Content-Security-Policy: default-src https://a.example:443');
    expect(rules[0]!.headers).toEqual([
      ['Link', '</a.css>; rel=preload; as=style'],
      ['Content-Security-Policy', 'default-src https://a.example:443'],
    ]);
  });

  it('accepts CRLF line endings', () => {
    const { rules, errors } = parseHeaders('/x\r\n  A: 1\r\n');
    expect(errors).toEqual([]);
    expect(rules[0]!.headers).toEqual([['A', '1']]);
  });

  it.each([
    ['  X-Orphan: 1', 'before any path'],
    ['/x\n  no colon here', 'expected "Name: value"'],
    ['/x\n  : value', 'expected "Name: value"'],
    ['/x\n  Bad Name: 1', 'invalid header name'],
    ['/x\n  X-Empty:', 'empty value'],
    ['/x\n  Content-Length: 5', 'set by the server'],
    ['/x\n  X-Emoji: \u{1F600}', 'does not allow'],
    ['/x\n  ! X-Robots-Tag', 'Cloudflare-only'],
    ['relative\n  A: 1', 'must start with "/"'],
    ['https://example.com/*\n  A: 1\n  B: 2', 'host-based'],
  ])('reports %j', (text, message) => {
    const { errors } = parseHeaders(text);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain(message);
  });

  it('drops the header lines of a refused path and continues with the next block', () => {
    const { rules, errors } = parseHeaders('/a/*/b/*\n  A: 1\n/ok\n  B: 2');
    expect(errors.map((e) => e.line)).toEqual([1]);
    expect(rules.map((r) => [r.path, r.headers])).toEqual([['/ok', [['B', '2']]]]);
  });
});

describe('headersFor', () => {
  const { rules } = parseHeaders(FILE);

  it.each([
    ['/', { 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin' }],
    [
      '/assets/app-ABC.js',
      {
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Tag': 'assets',
      },
    ],
    ['/blog/hello', { 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Tag': 'article, second-line' }],
    ['/blog/hello/', { 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Tag': 'article, second-line' }],
    ['/blog/a/b', { 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin' }],
    ['/about/', { 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin', 'X-Page': 'about' }],
    ['/about-us', { 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'strict-origin-when-cross-origin' }],
  ])('%s', (pathname, expected) => {
    expect(headersFor(rules, pathname)).toEqual(expected);
  });

  it('joins a header set by several blocks with ", ", case-insensitively, in file order', () => {
    const { rules: r } = parseHeaders('/*\n  Cache-Control: no-transform\n/a\n  cache-control: max-age=60\n/*\n  X-Last: 1');
    expect(headersFor(r, '/a')).toEqual({ 'Cache-Control': 'no-transform, max-age=60', 'X-Last': '1' });
    expect(headersFor(r, '/b')).toEqual({ 'Cache-Control': 'no-transform', 'X-Last': '1' });
  });

  it('returns nothing when no block matches', () => {
    expect(headersFor(parseHeaders('/only\n  A: 1').rules, '/other')).toEqual({});
    expect(headersFor([], '/')).toEqual({});
  });
});
