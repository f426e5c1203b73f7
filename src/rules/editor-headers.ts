// With the browser editor, the site's page headers are written for each folder of the output
// (src/extras/headers-file.ts), and Cloudflare Pages reads at most MAX_HEADER_BLOCKS blocks of
// _headers: past them it drops the rest without a word, and pages would go out without their
// policy. Such a site is refused before anything is written, at a file of the first folder too many.
// So is a folder no pattern can name as itself (a space, a `:` or `*` in its name, the editor's
// folder in another case), at its first file: its pages would go out without their policy.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { APP_BLOCKS, MAX_HEADER_BLOCKS, nameableFolder, sitePatterns } from '../extras/headers-file.ts';
import type { PlannedOutput } from './output-clashes.ts';

export function editorHeaders(outputs: readonly PlannedOutput[], folder: string): Diagnostic[] {
  // The build's own files in the editor's folder are the editor; anything else there is the site's.
  const site = outputs.filter((o) => !(o.from === 'the build' && `/${o.path}`.startsWith(folder)));
  const unnamed = new Map<string, PlannedOutput>();
  for (const o of site) {
    const dir = o.path.slice(0, Math.max(o.path.lastIndexOf('/'), 0));
    // Said at a content file of the folder where there is one, rather than at what the build makes there.
    if (dir !== '' && !nameableFolder(dir, folder) && (!unnamed.has(dir) || unnamed.get(dir)!.from === 'the build')) unnamed.set(dir, o);
  }
  const named = [...unnamed].map(([dir, o]) => diagnostic('editor-folder-name', { file: o.from, line: 1, column: 1 }, { path: dir }));
  return [...named, ...blockLimit(site, folder)];
}

/** The site's blocks past the limit, at a file of the first folder too many. */
function blockLimit(site: readonly PlannedOutput[], folder: string): Diagnostic[] {
  const patterns = sitePatterns(
    site.map((o) => o.path),
    folder,
  );
  const blocks = patterns.length + APP_BLOCKS;
  if (blocks <= MAX_HEADER_BLOCKS) return [];
  // The folders in the order their patterns are written: the first past the limit names a file of its own.
  const past = patterns[MAX_HEADER_BLOCKS - APP_BLOCKS]!;
  const folderOf = past.slice(1, -'/:page'.length);
  const inFolder = site.filter((o) => o.path.startsWith(`${folderOf}/`));
  const culprit = inFolder.find((o) => o.from !== 'the build') ?? inFolder[0] ?? site[0]!;
  return [diagnostic('editor-headers-limit', { file: culprit.from, line: 1, column: 1 }, { folders: patterns.length - 2, blocks, limit: MAX_HEADER_BLOCKS })];
}
