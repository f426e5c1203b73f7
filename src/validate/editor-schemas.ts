// The JSON Schemas editors use: VS Code's YAML extension reads the modeline
// at the top of each YAML file and completes and checks fields as one types.
import { pageSchema, redirectsFile } from '../contracts/content-schema.ts';
import { targetsFile } from '../report/targets.ts';
import { editorSchema } from './json-schema.ts';
import type { Theme } from '../contracts/theme.ts';

/** `schemas/<name>.json` contents for the site, every template and the redirects. Pure. */
export function editorSchemas(theme: Theme): { path: string; contents: string }[] {
  const entries: [string, object][] = [
    ['site', theme.siteSchema],
    ['redirects', redirectsFile],
    ['content-targets', targetsFile],
    ...Object.entries(theme.templates).map(([name, t]) => [name, pageSchema(name, t, theme.collections)] as [string, object]),
  ];
  return entries
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, schema]) => ({
      path: `schemas/${name}.json`,
      contents: JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...editorSchema(schema) }, null, 2) + '\n',
    }));
}
