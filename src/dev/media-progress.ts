// How far the media a dev build left for later have come (see MediaJob): for the
// terminal, and in a few words for the badge the open tabs show meanwhile.
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { SHARE_CARDS } from '../contracts/media-job.ts';
import type { LaterJob } from './build-thread.ts';

export interface MediaProgress {
  /** `started` before the first job, `made` as each photo (or the cards) is whole, `done` after the last. */
  phase: 'started' | 'made' | 'done';
  /** New photos, counted by their files (each is a few sizes in a few formats). */
  photos: { count: number; files: number; made: number };
  /** Share cards, counted by drawing (pages with the same card share one). */
  cards: { count: number; made: number };
  /** The photo (or `share cards`) just made, with the tabs reloaded to show it. */
  group?: string;
  reloaded?: number;
  /** Since the jobs started. */
  milliseconds?: number;
  /** A card or photo that could not be made. */
  diagnostics?: Diagnostic[];
}

/** Jobs left to make, by group. */
export function jobsLeft(jobs: readonly LaterJob[]): Map<string, number> {
  const left = new Map<string, number>();
  for (const job of jobs) left.set(job.group, (left.get(job.group) ?? 0) + 1);
  return left;
}

/** Where `jobs` stand with `left` of each group still to make. */
export function progressOf(jobs: readonly LaterJob[], left: ReadonlyMap<string, number>, phase: MediaProgress['phase']): MediaProgress {
  const photos = { count: 0, files: 0, made: 0 };
  const cards = { count: 0, made: 0 };
  for (const [group, total] of jobsLeft(jobs)) {
    const made = total - (left.get(group) ?? 0);
    if (group === SHARE_CARDS) {
      cards.count = total;
      cards.made = made;
    } else {
      photos.count++;
      photos.files += total;
      photos.made += made;
    }
  }
  return { phase, photos, cards };
}

/** The badge's few words, e.g. `Making: new photo 5/12 · share cards 0/104`; empty once all are made. */
export function progressText(jobs: readonly LaterJob[], left: ReadonlyMap<string, number>): string {
  const { photos, cards } = progressOf(jobs, left, 'made');
  const parts: string[] = [];
  if (photos.made < photos.files) parts.push(`${photos.count === 1 ? 'new photo' : `${photos.count} new photos`} ${photos.made}/${photos.files}`);
  if (cards.made < cards.count) parts.push(`share cards ${cards.made}/${cards.count}`);
  return parts.length === 0 ? '' : `Making: ${parts.join(' · ')}`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
