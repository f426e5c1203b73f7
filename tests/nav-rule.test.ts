// The theme's rule on the main navigation: an item is a link or lists something, else it is an error at the item.
import { describe, expect, it } from 'vitest';
import { navRules } from '../templates/rules/nav.ts';
import type { Site } from '../templates/site.schema.ts';

type Item = Site['nav'][number];
const item = (fields: Partial<Item>): Item => ({ label: 'Areas', categories: [], places: false, links: [], ...fields });
const site = (...nav: Item[]) => ({ nav }) as unknown as Site;

describe('navRules', () => {
  it('names, at its place in nav, an item with no href and nothing to list', () => {
    expect(navRules(site(item({ href: '/about' }), item({ label: 'Smart Home' })))).toEqual([
      {
        path: ['nav', 1],
        message: 'the menu item "Smart Home" has no href and nothing to list, so it would lead nowhere',
        hint: 'give it an href, or categories, places: true or links to list in a dropdown',
      },
    ]);
  });

  it('is quiet for a link, and for a dropdown of categories, the places or written links', () => {
    expect(
      navRules(
        site(
          item({ href: '/blog' }),
          item({ categories: ['residential'] as Item['categories'] }),
          item({ places: true }),
          item({ links: [{ label: 'About', href: '/about' }] }),
        ),
      ),
    ).toEqual([]);
  });
});
