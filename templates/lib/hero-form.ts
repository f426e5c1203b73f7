// Whether a page may carry the estimate form in its hero.
import type { Site } from '../site.schema.ts';
import { isWithin } from './routes.ts';

/**
 * The specification keeps the estimate form out of the hero on the home page
 * and in the contact, blog and Toronto sections, whose routes site.yaml names.
 */
export function heroFormAllowed(route: string, links: Pick<Site['links'], 'contact' | 'blog' | 'toronto'>): boolean {
  const noHeroForm = ['/', links.contact, links.blog, links.toronto];
  return !noHeroForm.some((section) => isWithin(route, section));
}
