// One page of a collection, as templates and queries see it.
/** One page in a collection: its route, its title, and what it wrote about itself there. */
export interface Member<Data = Record<string, unknown>> {
  /** The page's route, e.g. `/gta/vaughan`. */
  route: string;
  /** The page's browser title. */
  title: string;
  /** What the page wrote under `collections.<name>`, validated against the collection's schema, defaults filled. */
  data: Data;
}
