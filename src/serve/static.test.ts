import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { candidateFiles, isInside, isReservedFile, resolveFile, resolveStatic } from './static.ts';

// A dist/ as a set of root-relative files.
const FILES = new Set([
  'index.html',
  'about.html',
  'residential.html',
  'residential/panel-upgrades.html',
  'residential/index.html',
  'docs/index.html',
  'assets/menu-ABC123.js',
  'robots.txt',
  '404.html',
  'caf\u00e9.html',
  '_redirects',
  '_headers',
]);
const isFile = (rel: string) => FILES.has(rel);

describe('candidateFiles', () => {
  it.each([
    ['/', ['index.html']],
    ['/about', ['about', 'about.html', 'about/index.html']],
    ['/about/', ['about.html', 'about/index.html']],
    ['/a/b', ['a/b', 'a/b.html', 'a/b/index.html']],
  ])('%s', (pathname, expected) => {
    expect(candidateFiles(pathname)).toEqual(expected);
  });
});

describe('resolveStatic', () => {
  it.each([
    // Served where they are.
    ['/', '', { kind: 'file', file: 'index.html' }],
    ['/about', '', { kind: 'file', file: 'about.html' }],
    ['/residential', '', { kind: 'file', file: 'residential.html' }],
    ['/residential/panel-upgrades', '', { kind: 'file', file: 'residential/panel-upgrades.html' }],
    ['/docs', '', { kind: 'file', file: 'docs/index.html' }],
    ['/assets/menu-ABC123.js', '', { kind: 'file', file: 'assets/menu-ABC123.js' }],
    ['/robots.txt', '', { kind: 'file', file: 'robots.txt' }],
    ['/404', '', { kind: 'file', file: '404.html' }],
    // residential.html shadows residential/index.html: served in place, not sent to another page.
    ['/residential/index.html', '', { kind: 'file', file: 'residential/index.html' }],
    // Canonicalised, query kept.
    ['/about/', '', { kind: 'redirect', location: '/about', file: 'about.html' }],
    ['/about/', '?a=1&b=2', { kind: 'redirect', location: '/about?a=1&b=2', file: 'about.html' }],
    ['/about.html', '?x', { kind: 'redirect', location: '/about?x', file: 'about.html' }],
    ['/index.html', '', { kind: 'redirect', location: '/', file: 'index.html' }],
    ['/index.html', '?q=1', { kind: 'redirect', location: '/?q=1', file: 'index.html' }],
    ['/index', '', { kind: 'redirect', location: '/', file: 'index.html' }],
    ['/residential/', '', { kind: 'redirect', location: '/residential', file: 'residential.html' }],
    ['/residential/panel-upgrades/', '', { kind: 'redirect', location: '/residential/panel-upgrades', file: 'residential/panel-upgrades.html' }],
    ['/residential/panel-upgrades.html', '', { kind: 'redirect', location: '/residential/panel-upgrades', file: 'residential/panel-upgrades.html' }],
    ['/docs/', '', { kind: 'redirect', location: '/docs', file: 'docs/index.html' }],
    ['/docs/index.html', '', { kind: 'redirect', location: '/docs', file: 'docs/index.html' }],
    ['/caf\u00e9/', '', { kind: 'redirect', location: '/caf%C3%A9', file: 'caf\u00e9.html' }],
    // Nothing there.
    ['/missing', '', { kind: 'miss' }],
    ['/missing/', '', { kind: 'miss' }],
    ['/assets', '', { kind: 'miss' }],
    ['/assets/', '', { kind: 'miss' }],
    ['/robots.txt/', '', { kind: 'miss' }],
    ['/_redirects', '', { kind: 'miss' }],
    ['/_headers', '', { kind: 'miss' }],
  ])('%s%s', (pathname, search, expected) => {
    expect(resolveStatic(pathname, isFile, search)).toEqual(expected);
  });

  it('never resolves to the CDN configuration files, in any spelling', () => {
    const everything = () => true;
    expect(resolveFile('/_redirects', everything)).toBe('_redirects.html');
    expect(resolveFile('/_headers', (rel) => rel === '_headers')).toBeNull();
    for (const name of ['_redirects', '_headers', '_REDIRECTS', '_Headers', '_headers.', '_redirects ']) {
      expect(isReservedFile(name)).toBe(true);
    }
    expect(isReservedFile('assets/_headers')).toBe(false);
    expect(isReservedFile('_headers.html')).toBe(false);
  });
});

describe('isInside', () => {
  const root = path.resolve('/srv/dist');
  it.each([
    [path.join(root, 'a.html'), true],
    [path.join(root, 'a/b/c.html'), true],
    [path.join(root, '..dotted-name'), true],
    [root, false],
    [path.resolve(root, '..'), false],
    [path.resolve(root, '../dist-other/x'), false],
    [path.resolve(root, '../../etc/passwd'), false],
    [path.resolve('/etc/passwd'), false],
  ])('%s → %s', (target, expected) => {
    expect(isInside(root, target)).toBe(expected);
  });
});
