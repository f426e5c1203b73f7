// Stages 4b and 4c as a build runs them: the photos content names made into their variants,
// then each page's share card, both from the cache when made before (or, in site dev, named now
// and made after the reload: see MediaJob). What they add to the model is what every page's
// render reads.
import type { Diagnostic } from '../contracts/diagnostics.ts';
import type { MediaJob } from '../contracts/media-job.ts';
import type { SiteModel } from '../contracts/model.ts';
import type { OutputFile } from '../contracts/output.ts';
import type { Theme } from '../contracts/theme.ts';
import type { StageClock } from '../stage-clock.ts';
import { images } from './index.ts';
import { shareCards } from './share-cards.ts';
import type { KeptCards } from './kept-cards.ts';

export interface SiteMedia {
  /** The model with the static files as they are published, the pictures and the share cards. */
  model: SiteModel;
  files: OutputFile[];
  /** Static files made into variants: the original is not copied to the output. */
  replaced: ReadonlySet<string>;
  /** What is left for after the render (with `defer`), photos first. */
  later: MediaJob[];
  /** The images stage's problems, then the cards'. */
  diagnostics: { images: Diagnostic[]; cards: Diagnostic[] };
  stats: { images: { drawn: number; cached: number }; cards: { drawn: number; cached: number } };
}

export async function siteMedia(
  model: SiteModel,
  theme: Theme,
  cacheDir: string,
  { defer, clock, kept }: { defer: boolean; clock: StageClock; kept?: KeptCards },
): Promise<SiteMedia> {
  const pictured = await clock.time('images', () => images(model, theme, cacheDir, { defer }));
  const carded = await clock.time('cards', async () => {
    const cards = await shareCards(model, theme, pictured.pictures, cacheDir, { defer, ...(kept ? { kept } : {}) });
    await kept?.save();
    return cards;
  });
  return {
    model: { ...model, statics: pictured.statics, pictures: pictured.pictures, shareCards: carded.cards },
    files: [...pictured.files, ...carded.files],
    replaced: pictured.replaced,
    later: [...pictured.later, ...carded.later],
    diagnostics: { images: pictured.diagnostics, cards: carded.diagnostics },
    stats: { images: { drawn: pictured.drawn, cached: pictured.cached }, cards: { drawn: carded.drawn, cached: carded.cached } },
  };
}
