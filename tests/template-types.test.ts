// The templates' type check as `site check` runs it: a misspelt field in a template is one error at the
// template's own line; the real theme has none; a build leaves the check out.
import { afterEach, describe, expect, it } from 'vitest';
import { build } from 'trn-site/internal/build.ts';
import { check } from 'trn-site/internal/check/check.ts';
import { templateTypes } from 'trn-site/internal/typecheck/template-types.ts';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyFixture, type Project } from './helpers/fixture.ts';
import { copyProject, removeCopy } from './helpers/project-copy.ts';

let project: Project | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

describe('type-checking the templates', () => {
  it('reports a misspelt field as exactly one error at the template’s file, line and column', async () => {
    project = await copyFixture('typed');
    await project.edit('templates/pages/page.tsx', '<h1>{page.heading}</h1>', '<h1>{page.yeer}</h1>');
    const found = await check({ root: project.root, types: true });
    expect(found.map((d) => [`${d.file}:${d.line}:${d.column}`, d.severity, d.code])).toEqual([['templates/pages/page.tsx:21:19', 'error', 'template-type']]);
    expect(found[0]!.message).toMatch(
      /^the template reads a field its data does not have, which would render as empty text: Property 'yeer' does not exist on type .* \(TS2339\)$/,
    );
  });

  it('finds nothing in the fixture as it is', async () => {
    project = await copyFixture('typed');
    expect(await check({ root: project.root, types: true })).toEqual([]);
  });

  it('finds nothing in the real theme, and nothing in the engine’s sources it reads', async () => {
    expect((await templateTypes('.')).diagnostics).toEqual([]);
  });

  it('holds a page to the names of the theme’s client scripts: a misspelt one is an error at its line, and the build stops on it', async () => {
    const root = await copyProject('script-name');
    try {
      const file = 'templates/pages/contact.tsx';
      const text = await readFile(join(root, file), 'utf8');
      await writeFile(join(root, file), text.replace("scripts={['contact']}", "scripts={['contcat']}"));
      const line = text.split('\n').findIndex((l) => l.includes("scripts={['contact']}")) + 1;
      const found = await check({ root, types: true });
      expect(found.map((d) => [d.file, d.line, d.code])).toEqual(expect.arrayContaining([[file, line, 'template-type']]));
      const render = found.find((d) => d.code === 'render')!;
      expect(render.message).toMatch(/^the "contact" template failed: no client script is named "contcat"; the theme's are .*\bcontact\b/);
    } finally {
      await removeCopy(root);
    }
  }, 60_000);

  it('is left out of a build unless asked for, so builds stay fast', async () => {
    project = await copyFixture('typed');
    await project.edit('templates/pages/page.tsx', '<h1>{page.heading}</h1>', '<h1>{page.yeer}</h1>');
    const result = await build({ root: project.root, write: false });
    expect(result.diagnostics).toEqual([]);
    expect(result.stats.stages.types).toBeUndefined();
    expect(await check({ root: project.root })).toEqual([]);
  });
});
