// Lists of pages as queries over collections. A page says in its own YAML
// which collections it belongs to (`collections: { places: { … } }`); a
// template lists, say, the places of one region in order by asking for them
// here, instead of keeping a list of routes by hand. Pure.
import type { Member } from '../contracts/member.ts';

export type { Member };

/** Which members, in which order, how many. */
export interface Query<Data = Record<string, unknown>> {
  /**
   * Members to keep: a function, or fields whose values must match (a list
   * matches any of its values), e.g. `{ region: 'north' }`.
   */
  where?: ((member: Member<Data>) => boolean) | { [K in keyof Data]?: Data[K] | readonly Data[K][] };
  /**
   * Fields to sort by, in turn, ascending (`-order` for descending); a member
   * without the field comes after those with it. Ties keep route order.
   * Default: by route.
   */
  orderBy?: readonly (Extract<keyof Data, string> | `-${Extract<keyof Data, string>}`)[];
  /** At most this many. */
  limit?: number;
  /** Leave out this route (the page asking, for a list of its neighbours). */
  except?: string;
}

/** The members of a collection that a query asks for. */
export function query<Data>(members: readonly Member<Data>[], q: Query<Data> = {}): Member<Data>[] {
  const matches = typeof q.where === 'function' ? q.where : whereFields(q.where);
  const kept = members.filter((member) => member.route !== q.except && matches(member));
  const keys = (q.orderBy ?? []).map((key) => (key.startsWith('-') ? { field: key.slice(1), direction: -1 } : { field: key, direction: 1 }));
  const sorted = [...kept].sort((a, b) => {
    for (const { field, direction } of keys) {
      const order = compareValues(fieldOf(a, field), fieldOf(b, field));
      if (order !== 0) return order === Infinity || order === -Infinity ? Math.sign(order) : order * direction;
    }
    return a.route < b.route ? -1 : a.route > b.route ? 1 : 0;
  });
  return q.limit === undefined ? sorted : sorted.slice(0, Math.max(0, q.limit));
}

function fieldOf<Data>(member: Member<Data>, field: string): unknown {
  return (member.data as Record<string, unknown>)[field];
}

function whereFields<Data>(fields: Record<string, unknown> | undefined): (member: Member<Data>) => boolean {
  const entries = Object.entries(fields ?? {});
  return (member) =>
    entries.every(([field, wanted]) => {
      const value = fieldOf(member, field);
      return Array.isArray(wanted) ? wanted.includes(value) : value === wanted;
    });
}

/** Numbers by value, text by its natural order; a missing value (±Infinity) sorts last whatever the direction. */
function compareValues(a: unknown, b: unknown): number {
  if (a === undefined && b === undefined) return 0;
  if (a === undefined) return Infinity;
  if (b === undefined) return -Infinity;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en');
}
