// How a build's options judge what it found (the end of stage 8): --strict makes warnings errors;
// site dev (keepGoing) lets errors in a single page's own file hold back only that page, and takes a
// draft's placeholders as warnings (a build that leaves the draft out is not stopped by them).
import { sortDiagnostics, stopOnErrors, type Diagnostic } from '../contracts/diagnostics.ts';
import type { SiteModel } from '../contracts/model.ts';
import { isOnePagesFile } from '../contracts/project.ts';
import type { HeldBack } from '../validate/validate.ts';

export interface Judging {
  strict?: boolean;
  keepGoing?: boolean;
  writing: boolean;
  /** Page files standing in the model as they last read (site dev): only the problems of reading them now are theirs. */
  heldBack?: HeldBack;
}

/** The problems a build ends with, sorted; throws a ContentError when they stop it. */
export function verdict(all: readonly Diagnostic[], model: SiteModel, options: Judging): Diagnostic[] {
  const { heldBack } = options;
  // What the rules found in a page held back is of its last reading, placed in a text the file no longer holds.
  const found = heldBack ? all.filter((d) => !heldBack.files.has(d.file) || heldBack.read.has(d)) : all;
  const drafts = new Set(options.keepGoing ? model.pages.filter((page) => page.status === 'draft').map((page) => page.file) : []);
  const leniently = found.map((d) => (d.code === 'placeholder' && drafts.has(d.file) ? { ...d, severity: 'warning' as const } : d));
  const judged = options.strict ? leniently.map(strictly) : leniently;
  if (!(options.keepGoing && !options.writing && judged.every((d) => d.severity !== 'error' || onePagesOwn(d)))) stopOnErrors(judged);
  return sortDiagnostics(judged);
}

/** Under --strict a warning is an error: it stops the write and fails the check. */
function strictly(d: Diagnostic): Diagnostic {
  return d.severity === 'warning' ? { ...d, severity: 'error' } : d;
}

/** An error in one page's own file that keeps only that page back (see `keepGoing`): not the redirects, which every page answers to. */
function onePagesOwn(d: Diagnostic): boolean {
  return isOnePagesFile(d.file) && d.code !== 'output-clash';
}
