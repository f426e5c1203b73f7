// Every parsed content file a rule over text values looks at: site.yaml and each
// page (the 404 page too; a Markdown page's front matter), with its file name.
import { allPages, type SiteModel } from '../contracts/model.ts';
import type { ParsedYaml } from '../validate/yaml.ts';

export function contentSources(model: SiteModel): { file: string; source: ParsedYaml }[] {
  return [
    ...(model.siteSource ? [{ file: 'site.yaml', source: model.siteSource }] : []),
    ...allPages(model).map((page) => ({ file: page.file, source: page.source })),
  ];
}

/** Line and column (1-based) of `offset` in a Markdown body, whose first line is line `bodyLine` of its file. */
export function bodyPosition(body: string, bodyLine: number, offset: number): { line: number; column: number } {
  let line = bodyLine;
  for (let i = body.indexOf('\n'); i !== -1 && i < offset; i = body.indexOf('\n', i + 1)) line++;
  return { line, column: offset - (body.lastIndexOf('\n', offset - 1) + 1) + 1 };
}
