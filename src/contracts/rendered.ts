// What rendering makes of each page: its HTML and the facts about it the rules over the output and
// the extras need (found as it is rendered, so no stage parses the HTML again).

/** A rendered page: where it goes and which content file it came from. */
export interface RenderedPage {
  route: string;
  /** Path inside dist/, e.g. `services/wiring.html`. */
  output: string;
  /** The content file that produced it, for diagnostics. */
  source: string;
  /** The template that rendered it. */
  template: string;
  html: string;
  /** What the output rules and extras need of it, found as it was rendered. */
  facts: PageFacts;
}

/** A URL an attribute of a page holds, and the site path it leads to (empty for another site's). */
export interface HtmlUrl {
  href: string;
  path: string;
}

export interface PageFacts {
  /**
   * The URLs the page's attributes hold, in groups, each URL once in a group: the groups in
   * order, and each in order, give every URL of the page first with the first attribute that holds
   * it (urlsOf does). A shared block's group is one array for every page that shows the block.
   */
  links: readonly (readonly HtmlUrl[])[];
  /** The site paths its href attributes lead to, normalised (what makes another page not an orphan), in groups as `links`. */
  linkedPaths: readonly ReadonlySet<string>[];
  /** Its inline scripts, styles and inline-code attributes. */
  inline: InlineCode;
}

export interface InlineCode {
  /** `'sha256-…'` sources of `<style>` elements. */
  styles: string[];
  /** `'sha256-…'` sources of inline executable `<script>` elements (data blocks such as JSON-LD are not executed and need none). */
  scripts: string[];
  /** Inline code a hash cannot allow: event-handler and style attributes. */
  attributes: string[];
}
