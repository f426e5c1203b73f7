// The menus' and the footer's lists of category and service pages, as a
// query over the services collection (templates/collections/services.ts).
import { query, type Member } from 'trn-site/theme';
import type { CategoryId, ServiceMember } from '../collections/services.ts';
import type { Card } from '../blocks/service-cards.ts';

/** The services collection as the engine hands it over. */
export function serviceMembers(collections: Record<string, Member[]>): ServiceMember[] {
  // The engine validated each member's data against ServiceSchema and filled its defaults.
  return (collections.services ?? []) as unknown as ServiceMember[];
}

/** The pages of some categories, category by category in the order given, each category page first. */
export function categoryPages(services: readonly ServiceMember[], categories: readonly CategoryId[], where: 'menu' | 'footer'): ServiceMember[] {
  return categories.flatMap((category) =>
    query(services, { where: (s) => s.data.category === category && (where === 'menu' || s.data.inFooter), orderBy: ['order', 'label'] }),
  );
}

/**
 * The cards of a category page: each service of the category that has a card,
 * in menu order, linking to its page; then the page's own extra cards.
 */
export function categoryCards(services: readonly ServiceMember[], route: string, more: readonly Card[]): Card[] {
  const category = services.find((s) => s.route === route)?.data.category;
  const own = query(services, { where: (s) => s.data.category === category && s.data.card !== undefined, except: route, orderBy: ['order', 'label'] });
  return [...own.map((s) => ({ name: s.data.card!.name ?? s.data.label, description: s.data.card!.description, href: s.route })), ...more];
}
