// One page of a collection, as templates and queries see it.

/** Published; a draft (`draft: true`); or scheduled (dated after the build's day). Only Markdown pages may be the latter two. */
export type PageStatus = 'published' | 'draft' | 'scheduled';

/** One page in a collection: its route, its title, and what it wrote about itself there. */
export interface Member<Data = Record<string, unknown>> {
  /** The page's route, e.g. `/services/wiring`. */
  route: string;
  /** The page's browser title. */
  title: string;
  /**
   * What the page wrote under `collections.<name>`, validated against the collection's schema, defaults
   * filled; in a collection of a template's pages, the page's own fields.
   */
  data: Data;
  /** `published`, unless a build with drafts shows a draft or scheduled page, which lists should mark. */
  status: PageStatus;
  /** Words in the page's Markdown body, for a Markdown page. */
  words?: number;
}
