// A page written by `site new` starts with placeholder text in every field an
// editor must fill in. The placeholders are valid, so that the first check
// speaks of what is left to write rather than of shapes; this rule is what
// keeps them off the live site, naming each one where it is written.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import { allPages, type PageEntry, type SiteModel } from '../contracts/model.ts';
import { perObject } from '../memo.ts';
import { formatPath } from '../validate/json-schema.ts';
import { isPlaceholder } from '../scaffold/placeholder.ts';
import { walk } from './link-sources.ts';

export function placeholdersLeft(model: SiteModel): Diagnostic[] {
  return allPages(model).flatMap(placeholdersIn);
}

/** One entry's placeholders, found once per entry (a rebuild keeps the entries of unchanged files). */
export const placeholdersIn = perObject((entry: PageEntry): Diagnostic[] => {
  const out: Diagnostic[] = [];
  walk(entry.source.data, [], (text, path) => {
    if (isPlaceholder(text))
      out.push(diagnostic('placeholder', { file: entry.file, ...entry.source.locate(path), path: formatPath(path) }, { text: text.trim() }));
  });
  if (entry.body) {
    const { line: first } = entry.body;
    entry.body.text.split('\n').forEach((line, index) => {
      // At the column where the mark starts: a placeholder in a list item or a quote is indented.
      if (isPlaceholder(line))
        out.push(
          diagnostic(
            'placeholder',
            { file: entry.file, line: first + index, column: line.length - line.trimStart().length + 1 },
            { text: line.trim(), inBody: true },
          ),
        );
    });
  }
  return out;
});
