// <Shared>: a block rendered once per distinct input, spliced into every page that shows it,
// with the same HTML as rendering it in place, and the reads it made carried to every page.
import { describe, expect, it } from 'vitest';
import { createElement, createContext, useContext, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createBlockCache, renderWithBlocks, Shared } from './shared-blocks.ts';

const Route = createContext('');

function Nav({ counter }: { counter: { renders: number } }): ReactElement {
  counter.renders++;
  const route = useContext(Route);
  return createElement('nav', null, createElement('a', { href: '/a', 'aria-current': route === '/a' ? 'page' : undefined }, 'A & B'));
}

function page(route: string, counter: { renders: number }, site: object): ReactElement {
  const nav = () => createElement(Route.Provider, { value: route }, createElement(Nav, { counter }));
  return createElement(
    Route.Provider,
    { value: route },
    createElement(
      'body',
      null,
      createElement(Shared, { by: [site, route === '/a' ? route : null], children: nav }),
      createElement('main', null, `page ${route} \uE000 text`),
    ),
  );
}

describe('Shared', () => {
  it('renders a block once per distinct input, and each page as it would be without it', () => {
    const counter = { renders: 0 };
    const site = {};
    const cache = createBlockCache();
    for (const route of ['/a', '/b', '/c', '/d']) {
      const spliced = renderWithBlocks(page(route, counter, site), cache, new Set());
      const inPlace = renderToStaticMarkup(page(route, { renders: 0 }, site));
      expect(spliced).toBe(inPlace);
    }
    // /a marks its link as current; /b, /c and /d share one header.
    expect(counter.renders).toBe(2);
  });

  it('tells objects apart by identity, and renders again in a new cache', () => {
    const counter = { renders: 0 };
    const cache = createBlockCache();
    renderWithBlocks(page('/b', counter, {}), cache, new Set());
    renderWithBlocks(page('/c', counter, {}), cache, new Set());
    renderWithBlocks(page('/d', counter, {}), createBlockCache(), new Set());
    expect(counter.renders).toBe(3);
  });

  it('adds what the block read when it was rendered to every page that reuses it', () => {
    const cache = createBlockCache();
    const reading = (reads: Set<string>) =>
      createElement(Shared, { by: ['x'], children: () => (reads.add('collection:places'), createElement('p', null, 'x')) });
    const first = new Set<string>();
    renderWithBlocks(reading(first), cache, first);
    const second = new Set<string>();
    expect(renderWithBlocks(reading(second), cache, second)).toBe('<p>x</p>');
    expect([...second]).toEqual(['collection:places']);
  });

  it('renders in place outside a build', () => {
    expect(renderToStaticMarkup(createElement(Shared, { by: [], children: () => createElement('b', null, 'hi') }))).toBe('<b>hi</b>');
  });
});
