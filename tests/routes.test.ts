import { describe, expect, it } from 'vitest';
import { normaliseLinkPath, outputFileFor, routeFromPath } from '../src/routes.ts';

describe('routes from paths', () => {
  it.each([
    ['index.yaml', '/'],
    ['about.yaml', '/about'],
    ['residential.yaml', '/residential'],
    ['residential/panel-upgrades.yaml', '/residential/panel-upgrades'],
    ['gta/vaughan.yml', '/gta/vaughan'],
    ['toronto/index.yaml', '/toronto'],
    ['blog/first-post.md', '/blog/first-post'],
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

describe('output files from routes', () => {
  it.each([
    ['/', 'index.html'],
    ['/about', 'about.html'],
    ['/residential', 'residential.html'],
    ['/residential/panel-upgrades', 'residential/panel-upgrades.html'],
  ])('%s → %s', (route, file) => {
    expect(outputFileFor(route)).toBe(file);
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
