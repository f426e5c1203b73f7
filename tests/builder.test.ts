// createBuilder(): a build that is asked again with the paths that changed gives
// the very output a fresh build gives, having read, bundled and rendered only
// what the change affects. The dev server relies on both halves.
import { afterEach, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build, createBuilder, type BuildResult } from 'trn-site/internal/build.ts';
import { ContentError } from 'trn-site/internal/contracts/diagnostics.ts';
import { copyFixture, type Project } from './helpers/fixture.ts';

let project: Project | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const text = (files: BuildResult['files']) => files.map((f) => [f.path, Buffer.from(f.contents).toString('base64')]);
const fresh = async (root: string) => text((await build({ root, write: false })).files);

describe('createBuilder', () => {
  it('after a page edit renders that page only, and writes what a fresh build writes', async () => {
    project = await copyFixture();
    const builder = createBuilder({ root: project.root, write: false });
    expect((await builder.build()).renderedRoutes.length).toBeGreaterThan(3);
    await project.edit('pages/services/panels.yaml', 'heading: Panel upgrades', 'heading: Panel upgrades and more');
    const again = await builder.build(['pages/services/panels.yaml']);
    expect(again.renderedRoutes).toEqual(['/services/panels']);
    expect(again.stats.stages.bundle).toBeUndefined();
    expect(again.stats.stages.theme).toBeUndefined();
    expect(text(again.files)).toEqual(await fresh(project.root));
  });

  it('after a page is added, removed, and a static file changes, writes what a fresh build writes', async () => {
    project = await copyFixture();
    const builder = createBuilder({ root: project.root, write: false });
    await builder.build();
    const page = await project.read('pages/services/panels.yaml');
    await project.write(
      'pages/services/wiring.yaml',
      page
        .replace('title: Panel upgrades', 'title: Wiring')
        .replace(/description: .*/, 'description: Another nested page of the fixture site, added while a builder is running.'),
    );
    await rm(join(project.root, 'pages/services/panels.yaml'));
    await project.write('static/images/dot.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const again = await builder.build(['pages/services/wiring.yaml', 'pages/services/panels.yaml', 'static/images/dot.svg']).catch((e: unknown) => e);
    const expected = await build({ root: project.root, write: false }).catch((e: unknown) => e);
    // Both fail the same way or both give the same files.
    if (expected instanceof ContentError) expect((again as ContentError).diagnostics).toEqual(expected.diagnostics);
    else expect(text((again as BuildResult).files)).toEqual(text((expected as BuildResult).files));
  });

  it('bundles again when a client script changes, and only then', async () => {
    project = await copyFixture();
    const builder = createBuilder({ root: project.root, write: false });
    await builder.build();
    await project.write('templates/client/hello.ts', "document.documentElement.dataset.enhanced = 'yes';\n");
    const again = await builder.build(['templates/client/hello.ts']);
    expect(again.stats.stages.bundle).toBeGreaterThanOrEqual(0);
    expect(text(again.files)).toEqual(await fresh(project.root));
  });

  it('keeps going after a failed build: the next build after the fix is whole', async () => {
    project = await copyFixture();
    const builder = createBuilder({ root: project.root, write: false });
    const first = await builder.build();
    const original = await project.read('pages/services/panels.yaml');
    await project.write('pages/services/panels.yaml', original.replace('title: Panel upgrades', '\ttitle: Panel upgrades'));
    const broken = await builder.build(['pages/services/panels.yaml']).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(ContentError);
    expect((broken as ContentError).diagnostics.map((d) => [d.file, d.line])).toEqual([['pages/services/panels.yaml', 3]]);
    await project.write('pages/services/panels.yaml', original);
    const fixed = await builder.build(['pages/services/panels.yaml']);
    expect(text(fixed.files)).toEqual(text(first.files));
  });

  it('loads the theme again after a template would not compile, once it is fixed', async () => {
    project = await copyFixture();
    const builder = createBuilder({ root: project.root, write: false });
    const first = await builder.build();
    const theme = await project.read('templates/index.tsx');
    await project.write('templates/index.tsx', theme + '\nexport const broken = ;\n');
    const broken = await builder.build(['templates/index.tsx']).catch((e: unknown) => e);
    expect((broken as ContentError).diagnostics.map((d) => [d.code, d.file])).toEqual([['theme', 'templates/index.tsx']]);
    // A content edit meanwhile does not slip past the broken theme.
    expect(await builder.build(['pages/index.yaml']).catch((e: unknown) => e)).toBeInstanceOf(ContentError);
    await project.write('templates/index.tsx', theme);
    expect(text((await builder.build(['templates/index.tsx'])).files)).toEqual(text(first.files));
  });
});
