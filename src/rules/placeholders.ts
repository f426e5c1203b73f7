// A page written by `site new` starts with placeholder text in every field an
// editor must fill in. The placeholders are valid, so that the first check
// speaks of what is left to write rather than of shapes; this rule is what
// keeps them off the live site, naming each one where it is written.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { SiteModel } from '../contracts/model.ts';
import { formatPath } from '../validate/json-schema.ts';
import { isPlaceholder } from '../scaffold/placeholder.ts';
import { walk } from './link-sources.ts';

export function placeholdersLeft(model: SiteModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const page of [...model.pages, ...(model.notFound ? [model.notFound] : []), ...model.posts]) {
    walk(page.source.data, [], (text, path) => {
      if (isPlaceholder(text)) out.push(diagnostic('placeholder', { file: page.file, ...page.source.locate(path), path: formatPath(path) }, { text: text.trim() }));
    });
  }
  for (const post of model.posts) {
    post.body.split('\n').forEach((line, index) => {
      if (isPlaceholder(line)) out.push(diagnostic('placeholder', { file: post.file, line: post.bodyLine + index, column: 1 }, { text: line.trim(), inBody: true }));
    });
  }
  return out;
}
