import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  aliasPaths,
  compilePattern,
  isE164,
  isPattern,
  matchPattern,
  normaliseLinkPath,
  NOT_FOUND_ROUTE,
  outputFileFor,
  pagePathFor,
  pathMatches,
  routeForFile,
  routeFromPath,
} from './url.ts';

describe('routes from paths', () => {
  it.each([
    ['index.yaml', '/'],
    ['about.yaml', '/about'],
    ['residential.yaml', '/residential'],
    ['residential/panel-upgrades.yaml', '/residential/panel-upgrades'],
    ['gta/vaughan.yml', '/gta/vaughan'],
    ['toronto/index.yaml', '/toronto'],
    ['blog/first-article.md', '/blog/first-article'],
    ['404.yaml', '/404'],
    ['_redirects.yaml', null],
    ['drafts/_old.yaml', null],
    ['_partials/cta.yaml', null],
    ['notes.txt', null],
    ['residential\\fuse-box-conversions.yaml', '/residential/fuse-box-conversions'],
  ])('%s → %s', (path, route) => {
    expect(routeFromPath(path)).toBe(route);
  });
});

describe('content files of routes', () => {
  it.each([
    ['/', 'yaml', 'index.yaml'],
    ['/about', 'yaml', 'about.yaml'],
    ['/gta/markham', 'yaml', 'gta/markham.yaml'],
    ['/blog/first-article', 'md', 'blog/first-article.md'],
  ] as const)('%s (%s) → %s', (route, extension, path) => {
    expect(pagePathFor(route, extension)).toBe(path);
    // Read backwards, the file serves the route again.
    expect(routeFromPath(path)).toBe(route);
  });
});

describe('output files from routes', () => {
  it.each([
    ['/', 'index.html'],
    ['/about', 'about.html'],
    ['/residential', 'residential.html'],
    ['/residential/panel-upgrades', 'residential/panel-upgrades.html'],
    [NOT_FOUND_ROUTE, '404.html'],
  ])('%s → %s', (route, file) => {
    expect(outputFileFor(route)).toBe(file);
    // Read backwards, every output file names its route again.
    expect(routeForFile(file)).toBe(route);
  });
});

describe('aliases of routes', () => {
  it.each([
    ['/', ['/index.html']],
    ['/about', ['/about/', '/about.html']],
    ['/blog/first-article', ['/blog/first-article/', '/blog/first-article.html']],
  ])('%s is also reached at %j', (route, aliases) => {
    expect(aliasPaths(route)).toEqual(aliases);
  });
});

describe('routes of output files', () => {
  it.each([
    ['index.html', '/'],
    ['about.html', '/about'],
    ['residential/panel-upgrades.html', '/residential/panel-upgrades'],
    ['docs/index.html', '/docs'],
    ['assets/menu-ABC123.js', '/assets/menu-ABC123.js'],
    ['robots.txt', '/robots.txt'],
  ])('%s → %s', (file, expected) => {
    expect(routeForFile(file)).toBe(expected);
  });
});

describe('path patterns', () => {
  it.each([
    ['/blog/*', '/blog/some-article', { splat: 'some-article' }],
    ['/blog/*', '/blog', { splat: '' }],
    ['/news/:year/*', '/news/2024/a/b', { year: '2024', splat: 'a/b' }],
    ['/gta/halton-hills*', '/gta/halton-hills-north', { splat: '-north' }],
    ['/about', '/about/', {}],
    ['/news/:year', '/news/2024/extra', null],
    ['/Blog/*', '/blog/x', null],
  ])('%s against %s', (source, path, expected) => {
    const pattern = compilePattern(source);
    if ('error' in pattern) throw new Error(pattern.error);
    expect(matchPattern(pattern, path)).toEqual(expected);
    expect(pathMatches(source, path)).toBe(expected !== null);
  });

  it('refuses what the CDNs cannot read', () => {
    expect(compilePattern('/a/*/b/*')).toEqual({ error: 'pattern "/a/*/b/*" has more than one "*"' });
    expect(compilePattern('/a/:x/:x')).toEqual({ error: 'pattern "/a/:x/:x" uses ":x" twice' });
    expect(compilePattern('blog/*')).toEqual({ error: 'pattern "blog/*" must start with "/"' });
    expect(pathMatches('/a/*/b/*', '/a/1/b/2')).toBe(false);
    // Read differently by the two CDNs: a splat with text after it, a placeholder inside a segment.
    for (const source of ['/a*b', '/a/*/b', '/a/*.html', '/ol:d', '/a/:x.html', '/a/x:y/b', '/a/:x*'])
      expect(compilePattern(source), source).toHaveProperty('error');
    for (const source of ['/a/:x', '/a/:x/', '/:x/b/*', '/a*', '/*']) expect(compilePattern(source), source).not.toHaveProperty('error');
  });

  it.each([
    ['/blog/*', true],
    ['/news/:year', true],
    ['/about', false],
    ['/a:b', true],
    ['/a-b', false],
  ])('%s is a pattern: %s', (path, expected) => {
    expect(isPattern(path)).toBe(expected);
  });
});

describe('E.164', () => {
  it.each([
    ['+14165550100', true],
    ['+442079460958', true],
    ['4165550100', false],
    ['+1 416 555 0100', false],
    ['+04165550100', false],
    ['+1234567', false],
    ['+1234567890123456', false],
  ])('%s → %s', (number, expected) => {
    expect(isE164(number)).toBe(expected);
  });
});

describe('link paths', () => {
  it.each([
    ['/about/', '/about'],
    ['/about?x=1#top', '/about'],
    ['/#estimate', '/'],
    ['/', '/'],
  ])('%s → %s', (href, path) => {
    expect(normaliseLinkPath(href)).toBe(path);
  });
});

describe('normaliseLinkPath, escapes', () => {
  it('reads percent-escapes as a server does, keeping those that would change the path and any that are malformed', () => {
    expect(normaliseLinkPath('/images/pct%20space.jpg')).toBe('/images/pct space.jpg');
    expect(normaliseLinkPath('/caf%C3%A9/?q=1#x')).toBe('/café');
    expect(normaliseLinkPath('/a%2Fb')).toBe('/a%2Fb');
    expect(normaliseLinkPath('/a%3Fb%23c')).toBe('/a%3Fb%23c');
    expect(normaliseLinkPath('/100%')).toBe('/100%');
    expect(normaliseLinkPath('/%E0%A4%A')).toBe('/%E0%A4%A');
  });

  it('gives one path for a path however a writer of HTML escapes it', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).filter((s) => !/[/?#%\\]/.test(s)),
          { minLength: 1, maxLength: 4 },
        ),
        (segments) => {
          const path = `/${segments.join('/')}`;
          expect(normaliseLinkPath(encodeURI(path))).toBe(normaliseLinkPath(path));
        },
      ),
      { numRuns: 500 },
    );
  });
});
