// Who is in each collection: every page whose YAML names it under
// `collections:`. Pure: validated pages in, members by collection out.
import type { PageEntry } from '../contracts/model.ts';
import type { Member } from './query.ts';

/** The members of each of `names`, in route order; a collection no page joins is an empty list. */
export function collectMembers(pages: readonly PageEntry[], names: readonly string[]): Record<string, Member[]> {
  const members: Record<string, Member[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const page of pages) {
    const joined = (page.data as { collections?: Record<string, Record<string, unknown>> }).collections ?? {};
    for (const [name, data] of Object.entries(joined)) members[name]?.push({ route: page.route, title: page.data.title, data });
  }
  for (const list of Object.values(members)) list.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  return members;
}
