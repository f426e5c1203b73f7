// Who is in each collection: every page whose YAML names it under
// `collections:`, or, for a collection of one template's pages, every page of
// that template. Pure: validated pages in, members by collection out.
import type { PageEntry } from '../contracts/model.ts';
import type { Member } from './query.ts';

/** What of a collection's definition says who its members are. */
export interface Membership {
  /** Set for a collection of every page of this template; unset for one pages join in their YAML. */
  template?: string;
  description: string;
}

/** The members of each collection, in route order; a collection no page joins is an empty list. */
export function collectMembers(pages: readonly PageEntry[], collections: Readonly<Record<string, Membership>>): Record<string, Member[]> {
  const members: Record<string, Member[]> = Object.fromEntries(Object.keys(collections).map((name) => [name, []]));
  const byTemplate = Object.entries(collections).filter(([, c]) => c.template !== undefined);
  for (const page of pages) {
    const member = (data: Record<string, unknown>): Member => ({
      route: page.route,
      title: page.head.title,
      data,
      status: page.status,
      ...(page.body ? { words: page.body.words } : {}),
    });
    // A page whose value is loaded only when read (src/validate/known-page.ts) says here whom it joins.
    const joined = page.facts?.joined ?? (page.data as { collections?: Record<string, Record<string, unknown>> }).collections ?? {};
    for (const [name, data] of Object.entries(joined)) if (collections[name]?.template === undefined) members[name]?.push(member(data));
    for (const [name, { template }] of byTemplate) if (template === page.template) members[name]!.push(wholePage(member, page));
  }
  for (const list of Object.values(members)) list.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  return members;
}

/** A member that is a whole page: its value is read from the page when the member's is (a page may load it only then). */
function wholePage(member: (data: Record<string, unknown>) => Member, page: PageEntry): Member {
  if (!page.facts) return member(page.data);
  const whole = member({});
  return Object.defineProperty(whole, 'data', { get: () => page.data, enumerable: true });
}
