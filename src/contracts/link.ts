// A link the rules check: found in content data, in a page's Markdown, or only in a rendered page.
export interface Link {
  href: string;
  file: string;
  /** Where it is written; asked only for links with a problem, since finding a position may mean parsing the file. */
  position(): { line: number; column: number };
  path: string;
  /** Where it was written: content data, a page's Markdown, or only in the rendered page. */
  origin: 'data' | 'markdown' | 'html';
  /** For a Markdown image (`![alt](src)`): its alt text as written. */
  alt?: string;
}
