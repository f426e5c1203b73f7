// The text of a new page, YAML or Markdown, from the theme's schemas: what `site new`
// writes. Pure: the theme, a name and a path in, text out.
import { pageSchema } from '../contracts/content-schema.ts';
import type { Theme } from '../contracts/theme.ts';
import { editorSchema } from '../validate/json-schema.ts';
import { modelineFor } from '../validate/validate.ts';
import { PLACEHOLDER_MARK } from './placeholder.ts';
import { yamlFields } from './yaml-fields.ts';

/** What an editor reads first in a new page, under its template: how to finish it. */
const HOW_TO = `# A new page: write over every ${PLACEHOLDER_MARK} placeholder, take up any optional field you want
# by removing its #, then run npx site check.`;

/**
 * A new page file using `template`, at `file` (project-relative, e.g.
 * `pages/services/wiring.yaml`): the schema line, the template, then every field
 * the page must have with a placeholder, and the optional ones commented out.
 */
export function pageSkeleton(theme: Theme, template: string, file: string): string {
  const own = theme.templates[template];
  if (!own) throw new Error(`no template "${template}"`);
  const schema = editorSchema(pageSchema(template, own, theme.collections));
  const fields = yamlFields(schema);
  // The template comes first, as in every page, then how to finish the page.
  const afterTemplate = fields.indexOf('\n\n') + 1;
  return `${modelineFor(file, template)}\n${fields.slice(0, afterTemplate)}${HOW_TO}\n${fields.slice(afterTemplate)}`;
}

/**
 * A new Markdown page using `template`, dated `today` (YYYY-MM-DD): front matter
 * with every field the page must have, `draft: true` so it stays off the site
 * until it is ready, and a short body.
 */
export function markdownSkeleton(theme: Theme, template: string, today: string): string {
  const own = theme.templates[template];
  if (!own?.markdown) throw new Error(`no Markdown template "${template}"`);
  const schema = editorSchema(pageSchema(template, own, theme.collections));
  const front = yamlFields(schema, { values: { [own.markdown.date]: today, draft: true } });
  // One paragraph, so that no line of guidance can be published without its mark.
  const body = `${PLACEHOLDER_MARK} write the page here, in Markdown: a blank line starts a new paragraph and a line
starting with ## a section heading. When it is ready, set draft: false above and run npx site check.`;
  return `---\n${front}---\n\n${body}\n`;
}
