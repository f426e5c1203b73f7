// docs/fields.md is generated from the theme's schemas; a schema that changes
// without the reference being regenerated fails here, with the fix in the message.
import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { loadTheme } from 'trn-site/internal/load/theme.ts';
import { FIELDS_DOC, FIELDS_DOC_COMMAND, fieldsDoc } from 'trn-site/internal/scaffold/fields-doc.ts';

describe(FIELDS_DOC, () => {
  it('is what the schemas say now', async () => {
    const committed = readFileSync(FIELDS_DOC, 'utf8');
    const generated = fieldsDoc(await loadTheme('.'));
    if (committed !== generated) throw new Error(`${FIELDS_DOC} is stale: run ${FIELDS_DOC_COMMAND}`);
  });
});
