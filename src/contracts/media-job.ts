// Media left for after the render. The dev server asks the images and cards
// stages to defer what its cache does not hold (see `deferMedia` in
// src/build.ts): pages are rendered with the names the files will have, which
// depend only on their sources, and a reload does not wait for a photo's
// variants or a site's worth of share cards. Each job makes a few of those
// files; the server runs them one at a time after the reload and adds each
// file as it is made.
import type { Diagnostic } from './diagnostics.ts';
import type { OutputFile } from './output.ts';

export interface MediaJob {
  /** What it is part of, for progress: a photo's path, or `share cards`. */
  group: string;
  /** The output files it makes. Until then a photo's are served a stand-in; a card's are missing. */
  paths: readonly string[];
  /** Makes them (and keeps them in the cache, so the next build takes them from there). */
  make(): Promise<MadeMedia>;
}

export interface MadeMedia {
  files: OutputFile[];
  /** A card or variant that could not be made, said where its source is named. */
  diagnostics: Diagnostic[];
}

/** The group every share card's job belongs to. */
export const SHARE_CARDS = 'share cards';
