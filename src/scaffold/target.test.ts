import { describe, expect, it } from 'vitest';
import { pageTarget, postTarget } from './target.ts';

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
    ['/gta/Richmond Hill', '"Richmond Hill" cannot be part of an address: addresses are lower-case letters and digits, with single hyphens between words: write /gta/richmond-hill'],
    ['/gta/east_york', '"east_york" cannot be part of an address: addresses are lower-case letters and digits, with single hyphens between words: write /gta/east-york'],
    ['/gta/markham.yaml', 'write the address without ".yaml": write /gta/markham'],
    ['/gta//markham', '"/gta//markham" has an empty part (two slashes together); addresses are lower-case letters and digits, with single hyphens between words'],
    ['/_drafts/a', '"_drafts" cannot be part of an address: addresses are lower-case letters and digits, with single hyphens between words: write /drafts/a'],
  ])('refuses %j in plain words', (typed, problem) => {
    expect(pageTarget(typed)).toEqual({ problem });
  });
});

describe('postTarget', () => {
  it.each([
    ['heat-pump-rebates', { route: '/news/heat-pump-rebates', file: 'pages/news/heat-pump-rebates.md' }],
    ['/news/heat-pump-rebates', { route: '/news/heat-pump-rebates', file: 'pages/news/heat-pump-rebates.md' }],
    ['news/2024', { route: '/news/2024', file: 'pages/news/2024.md' }],
    ['', { problem: 'give the new post a name, such as heat-pump-rebates: it becomes its address' }],
    ['2024/rebates', { problem: 'a post\'s name has no "/": every post is a file in pages/news/, at /news/<name>' }],
    ['Heat Pump Rebates', { problem: '"Heat Pump Rebates" cannot be part of an address: addresses are lower-case letters and digits, with single hyphens between words: write heat-pump-rebates' }],
    ['rebates.md', { problem: 'write the address without ".md": write rebates' }],
  ])('%j in a theme whose posts are in pages/news/', (typed, expected) => {
    expect(postTarget(typed, 'news')).toEqual(expected);
  });
});
