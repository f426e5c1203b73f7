// What rendering makes of one page, kept by the render's memory between builds.
import type { PageFacts } from '../html/page-facts.ts';

/** A rendered page: where it goes and which content file it came from. */
export interface RenderedPage {
  route: string;
  /** Path inside dist/, e.g. `gta/vaughan.html`. */
  output: string;
  /** The content file that produced it, for diagnostics. */
  source: string;
  /** The template that rendered it (`post` for posts). */
  template: string;
  html: string;
  /** What the output rules and extras need of it, found as it was rendered. */
  facts: PageFacts;
}
