// Rules on the main navigation that its schema cannot say.
import type { SiteProblem } from 'trn-site/theme';
import type { Site } from '../site.schema.ts';

/**
 * A menu item is a link (href) or a dropdown of what it lists (categories, the
 * places, links). One with neither leads nowhere: the header could only leave
 * it out without a word, so it is an error at the item.
 */
export function navRules(site: Site): SiteProblem[] {
  return site.nav.flatMap((item, index) =>
    item.href || item.categories.length > 0 || item.places || item.links.length > 0
      ? []
      : [
          {
            path: ['nav', index],
            message: `the menu item "${item.label}" has no href and nothing to list, so it would lead nowhere`,
            hint: 'give it an href, or categories, places: true or links to list in a dropdown',
          },
        ],
  );
}
