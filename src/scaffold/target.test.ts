import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MOST_ROUTE, MOST_SEGMENT, pageTarget } from './target.ts';
import { routeFromPath } from '../url.ts';

describe('pageTarget', () => {
  it.each([
    ['/gta/markham', '/gta/markham', 'pages/gta/markham.yaml'],
    ['/', '/', 'pages/index.yaml'],
    ['/about', '/about', 'pages/about.yaml'],
    ['/gta/markham/', '/gta/markham', 'pages/gta/markham.yaml'],
    [' /residential/heat-pumps ', '/residential/heat-pumps', 'pages/residential/heat-pumps.yaml'],
  ])('%s → %s in %s', (typed, route, file) => {
    expect(pageTarget(typed)).toEqual({ route, file });
  });

  it.each([
    ['', 'give the address of the new page, such as /services/wiring, or / for the home page'],
    ['gta/markham', 'an address starts with "/": write /gta/markham'],
    [
      '/gta/Richmond Hill',
      '"Richmond Hill" cannot be part of an address: addresses are lower-case letters and digits, with single hyphens between words: write /gta/richmond-hill',
    ],
    [
      '/gta/east_york',
      '"east_york" cannot be part of an address: addresses are lower-case letters and digits, with single hyphens between words: write /gta/east-york',
    ],
    ['/gta/markham.yaml', 'write the address without ".yaml": write /gta/markham'],
    [
      '/gta//markham',
      '"/gta//markham" has an empty part (two slashes together); addresses are lower-case letters and digits, with single hyphens between words',
    ],
    ['/_drafts/a', '"_drafts" cannot be part of an address: addresses are lower-case letters and digits, with single hyphens between words: write /drafts/a'],
  ])('refuses %j in plain words', (typed, problem) => {
    expect(pageTarget(typed)).toEqual({ problem });
  });
});

describe('pageTarget for a Markdown page', () => {
  it.each([
    ['/news/heat-pump-rebates', { route: '/news/heat-pump-rebates', file: 'pages/news/heat-pump-rebates.md' }],
    ['/news/2024/rebates/', { route: '/news/2024/rebates', file: 'pages/news/2024/rebates.md' }],
    ['/', { route: '/', file: 'pages/index.md' }],
  ])('%j is written as a .md file', (typed, expected) => {
    expect(pageTarget(typed, 'md')).toEqual(expected);
  });
});

describe('names one step off', () => {
  it.each([
    [`/${'a'.repeat(300)}`, /^"a{24}…" is 300 characters long; a part of an address has at most 80/],
    [`/news/${'word-'.repeat(60)}end`, /is 303 characters long; a part of an address has at most 80/],
    ['/news/..', /^"\.\." cannot be part of an address/],
    ['/a\0b', /cannot be part of an address/],
    ['/news/café', /^"café" cannot be part of an address: .*cafe/],
    ['   ', /^give the address of the new page/],
  ])('refuses the address %j of a Markdown page in plain words', (typed, problem) => {
    const target = pageTarget(typed, 'md');
    expect('problem' in target && target.problem).toMatch(problem);
  });

  it('refuses an index part, whose file would serve the address above it', () => {
    expect(pageTarget('/residential/index')).toEqual({
      problem:
        '"index" is the file name of the page at /residential itself, so /residential/index would be written as that page: write /residential for that page, or give this one a name of its own',
    });
    expect(pageTarget('/index')).toMatchObject({ problem: expect.stringContaining('the page at / itself') });
    expect(pageTarget('/gta/index/markham')).toMatchObject({ problem: expect.stringContaining('the page at /gta itself') });
    expect(pageTarget('/blog/index', 'md')).toMatchObject({ problem: expect.stringContaining('the page at /blog itself') });
    expect(pageTarget('/indexes')).toMatchObject({ route: '/indexes' });
  });

  it('refuses an address of well-formed parts that is too long as a whole', () => {
    const route = `/${Array.from({ length: 10 }, () => 'x'.repeat(60)).join('/')}`;
    expect(pageTarget(route)).toEqual({
      problem: `the address is ${route.length} characters long; an address has at most ${MOST_ROUTE}: use fewer or shorter parts`,
    });
  });

  it('turns any typed text into a problem or a file whose every name fits a file system, without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.stringMatching(/^\/?[a-z0-9/-]{0,500}$/)), (typed) => {
        for (const target of [pageTarget(typed), pageTarget(typed, 'md')]) {
          if ('problem' in target) {
            expect(target.problem.length).toBeGreaterThan(0);
            continue;
          }
          expect(target.route.length).toBeLessThanOrEqual(MOST_ROUTE);
          // The file written serves the very address the message names, never the one above it (…/index).
          expect(routeFromPath(target.file.slice('pages/'.length))).toBe(target.route);
          for (const name of target.file.split('/')) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MOST_SEGMENT + '.yaml'.length);
        }
      }),
    );
  });
});
