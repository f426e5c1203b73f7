// Text fields in YAML are text: `[our prices](/prices)` would reach visitors
// as written, brackets and all. Only the body of a Markdown page is Markdown. So a Markdown link in a YAML value is refused where it is written.
import { diagnostic, type Diagnostic } from '../contracts/diagnostics.ts';
import type { SiteModel } from '../contracts/model.ts';
import type { FieldPath, ParsedYaml } from '../validate/yaml.ts';
import { perObject } from '../memo.ts';
import { formatPath } from '../validate/json-schema.ts';
import { walk } from './link-sources.ts';
import { contentSources } from './content-sources.ts';

const MARKDOWN_LINK = /\[[^\]\n]+\]\((?:\/|https?:|tel:|mailto:|#)[^)\s]*\)/;

export function markdownInText(model: SiteModel): Diagnostic[] {
  return contentSources(model).flatMap(({ file, source }) => markdownLinksIn(source)(file));
}

/** The Markdown links in one parsed file, worked out once per parse (a rebuild keeps the parses of unchanged files). */
export const markdownLinksIn = perObject((source: ParsedYaml) => {
  const found: { link: string; path: FieldPath }[] = [];
  walk(source.data, [], (text, path) => {
    const link = MARKDOWN_LINK.exec(text)?.[0];
    if (link) found.push({ link, path: [...path] });
  });
  return (file: string): Diagnostic[] =>
    found.map(({ link, path }) => diagnostic('markdown-in-text', { file, ...source.locate(path), path: formatPath(path) }, { link }));
});
