// The two folders a build writes that the user chooses, checked before it reads anything: the output
// folder (--out, see output-folder.ts) and the cache folder (SITE_CACHE_DIR, see cache-folder.ts).
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { cacheFolder } from '../node-module.js';
import { resolve } from 'node:path';
import { cacheFolderProblem } from './cache-folder.ts';
import { folderEntries, outputFolderProblem } from './output-folder.ts';

/**
 * What is wrong with the places a build of the project at `root` writes, output (`out` as given, which
 * `writing` builds only) first: where it is wrong, whether the cache would be inside it is no news.
 */
export async function placeProblems(root: string, out: string, writing: boolean): Promise<Diagnostic[]> {
  const output = resolve(root, out);
  const outputProblem = writing ? outputFolderProblem(root, out, await folderEntries(output)) : undefined;
  if (outputProblem) return [outputProblem];
  const cacheProblem = await cacheFolderProblem(root, cacheFolder(root), writing ? output : undefined, Boolean(process.env.SITE_CACHE_DIR));
  return cacheProblem ? [cacheProblem] : [];
}
