import { describe, expect, it } from 'vitest';
import { contentTypeFor, DEFAULT_CONTENT_TYPE } from './content-type.ts';

describe('contentTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['assets/site-ABC.css', 'text/css; charset=utf-8'],
    ['assets/menu-ABC123.js', 'text/javascript; charset=utf-8'],
    ['data.json', 'application/json'],
    ['sitemap.xml', 'application/xml'],
    ['robots.txt', 'text/plain; charset=utf-8'],
    ['logo.svg', 'image/svg+xml'],
    ['a.png', 'image/png'],
    ['a.jpg', 'image/jpeg'],
    ['a.JPEG', 'image/jpeg'],
    ['a.webp', 'image/webp'],
    ['a.avif', 'image/avif'],
    ['favicon.ico', 'image/x-icon'],
    ['fonts/inter.woff2', 'font/woff2'],
    ['site.webmanifest', 'application/manifest+json'],
    ['assets/menu-ABC123.js.map', 'application/json'],
    ['archive.tar.gz', DEFAULT_CONTENT_TYPE],
    ['LICENSE', DEFAULT_CONTENT_TYPE],
    ['.htaccess', DEFAULT_CONTENT_TYPE],
    ['dir.v2/file', DEFAULT_CONTENT_TYPE],
  ])('%s → %s', (file, type) => {
    expect(contentTypeFor(file)).toBe(type);
  });
});
