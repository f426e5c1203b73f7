// schemas/ is what editors' YAML extension reads: it must match the templates' definitions.
import { describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import { loadTheme } from '../load/theme.ts';
import { editorSchemas } from './editor-schemas.ts';
import { listFiles } from '../load/load.ts';

describe('editor schemas', () => {
  it('schemas/ holds exactly what the templates define (run `npm run build` to refresh)', async () => {
    const expected = editorSchemas(await loadTheme('.'));
    expect((await readdir('schemas')).sort()).toEqual(expected.map((f) => f.path.slice('schemas/'.length)));
    for (const file of expected) expect(await readFile(file.path, 'utf8'), file.path).toBe(file.contents);
  });

  it('every YAML file names one of them on its first line', async () => {
    const yamlFiles = ['site.yaml', ...(await listFiles('.', 'pages')).filter((f) => f.endsWith('.yaml'))];
    const names = new Set((await readdir('schemas')).map((f) => f.replace(/\.json$/, '')));
    for (const file of yamlFiles) {
      const first = (await readFile(file, 'utf8')).split('\n', 1)[0]!;
      const match = /^# yaml-language-server: \$schema=(?:\.\.?\/)+schemas\/([a-z-]+)\.json$/.exec(first);
      expect(match, file).not.toBeNull();
      expect(names.has(match![1]!), file).toBe(true);
    }
  });
});
