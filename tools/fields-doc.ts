// `npm run docs:fields`: writes docs/fields.md, the reference of every field,
// from the theme's schemas (src/scaffold/fields-doc.ts says what it holds).
// tests/fields-doc.test.ts fails when the committed file is out of date.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadTheme } from 'trn-site/internal/load/theme.ts';
import { FIELDS_DOC, fieldsDoc } from 'trn-site/internal/scaffold/fields-doc.ts';

export async function main(_args: string[], context: { root: string }): Promise<number> {
  await writeFile(join(context.root, FIELDS_DOC), fieldsDoc(await loadTheme(context.root)));
  console.log(`Wrote ${FIELDS_DOC}.`);
  return 0;
}
