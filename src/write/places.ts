// The two folders a build writes that the user chooses, checked before it reads anything: the output
// folder (--out, see output-folder.ts) and the cache folder (SITE_CACHE_DIR, see cache-folder.ts). What
// the output folder holds below its top is looked at while the build runs, before it writes there.
import { stopOnErrors, type Diagnostic } from '../contracts/diagnostics.ts';
import { openStaging, type Staging } from './write.ts';
import { cacheFolder } from '../node-module.js';
import { resolve } from 'node:path';
import { cacheFolderProblem } from './cache-folder.ts';
import { folderEntries, OUTPUT_MARKER, outputFolderProblem, strangersIn } from './output-folder.ts';

/** What is wrong with the places a build writes: `now`, and `later`, which the build awaits before it writes to its output. */
export interface PlaceProblems {
  now: Diagnostic[];
  /**
   * Files below a marked output folder that its marker does not list (put there by hand since): looked for while the
   * build reads and checks its content (a listing of 20,000 files and their marker is about 50 ms at 10,000 pages,
   * most of it waiting on the disk), never failing (an error reading them is the swap's to report).
   */
  later: Promise<Diagnostic[]>;
}

/**
 * What is wrong with the places a build of the project at `root` writes, output (`out` as given, which
 * `writing` builds only) first: where it is wrong, whether the cache would be inside it is no news.
 */
export async function placeProblems(root: string, out: string, writing: boolean): Promise<PlaceProblems> {
  const output = resolve(root, out);
  const listing = writing ? await folderEntries(output, false) : undefined;
  const outputProblem = listing && outputFolderProblem(root, out, listing);
  const none = Promise.resolve([]);
  if (outputProblem) return { now: [outputProblem], later: none };
  const cacheProblem = await cacheFolderProblem(root, cacheFolder(root), writing ? output : undefined, Boolean(process.env.SITE_CACHE_DIR));
  if (cacheProblem) return { now: [cacheProblem], later: none };
  if (listing?.kind !== 'folder' || !listing.names.includes(OUTPUT_MARKER)) return { now: [], later: none };
  const later = strangersIn(output, false).then(
    (strangers) => {
      const problem = outputFolderProblem(root, out, { ...listing, strangers });
      return problem ? [problem] : [];
    },
    () => [],
  );
  return { now: [], later };
}

/** placeProblems for a build: stops it on what is wrong now, and gives what is looked for while it runs (a promise in an object, as one awaited would be awaited whole). */
export async function placesChecked(root: string, out: string, writing: boolean): Promise<Pick<PlaceProblems, 'later'>> {
  const { now, later } = await placeProblems(root, out, writing);
  stopOnErrors(now);
  return { later };
}

/**
 * Before a build writes to its output folder `out`: stops it on what was found there as it ran (`later`, see
 * PlaceProblems) and, for a build that streams its pages (`stream`), opens its new tree with the cache folder `cache`.
 */
export async function writableOutput({ later }: Pick<PlaceProblems, 'later'>, out: string, cache: string, stream: boolean): Promise<Staging | undefined> {
  stopOnErrors(await later);
  return stream ? openStaging(out, cache) : undefined;
}
