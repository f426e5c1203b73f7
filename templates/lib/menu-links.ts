// The links of a dropdown of the main navigation or a footer column: the pages
// that say they belong there (their collections: field), then the links
// site.yaml writes out. One place for both, so the menu and the footer agree.
import type { Site } from '../site.schema.ts';
import type { PlaceMember } from '../collections/places.ts';
import type { ServiceMember } from '../collections/services.ts';
import { areasMenu } from './place-lists.ts';
import { categoryPages } from './service-lists.ts';

/** A link as a menu shows it. */
export interface MenuLink {
  label: string;
  href: string;
}

type Listing = Pick<Site['nav'][number], 'categories' | 'places' | 'links'>;

/** Every link of one dropdown (`menu`) or footer column (`footer`), in order: categories, places, written links. */
export function menuLinks(item: Listing, where: 'menu' | 'footer', places: readonly PlaceMember[], services: readonly ServiceMember[]): MenuLink[] {
  return [
    ...categoryPages(services, item.categories, where).map((s) => ({ label: s.data.label, href: s.route })),
    ...(item.places ? areasMenu(places).map((p) => ({ label: p.data.label, href: p.route })) : []),
    ...item.links,
  ];
}
