// bundle(): a tiny client script and stylesheet in a temporary folder → hashed assets, the scripts map, minified CSS, located errors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundle } from './bundle.ts';
import { makeTempFolder, removeFolder, tinyTheme, writeTree } from '../../tests/helpers/unit.ts';

let root: string;
beforeEach(async () => {
  root = await makeTempFolder();
});
afterEach(async () => {
  await removeFolder(root);
});

const client = (scripts: Record<string, string>, stylesheet = 'style.css') => tinyTheme({ client: { scripts, stylesheet } });

const files = {
  'client/menu.ts':
    "import { label } from './label.ts';\nconst button: HTMLElement | null = document.querySelector('.menu');\nbutton?.setAttribute('aria-label', label);\n",
  'client/label.ts': "export const label: string = 'Open the menu';\n",
  'style.css': 'body {\n  color: red;\n}\n\n.menu   {  margin: 0px;  }\n',
};

describe('bundle', () => {
  it('writes one hashed file per script entry under assets/ and maps the entry name to its public URL', async () => {
    await writeTree(root, files);
    const result = await bundle(root, client({ menu: 'client/menu.ts' }));
    expect(result.diagnostics).toEqual([]);
    expect(result.files.map((f) => f.path)).toEqual([expect.stringMatching(/^assets\/menu-[A-Z0-9]{8}\.js$/)]);
    expect(result.assets.scripts).toEqual({ menu: '/' + result.files[0]!.path });
    const code = new TextDecoder().decode(result.files[0]!.contents);
    expect(code).toContain('Open the menu');
    expect(code).not.toContain('import');
    expect(result.sizes.menu).toBe(result.files[0]!.contents.byteLength);
  });

  it('minifies the stylesheet into the text templates inline', async () => {
    await writeTree(root, files);
    const result = await bundle(root, client({}));
    expect(result.assets).toEqual({ css: 'body{color:red}.menu{margin:0}', scripts: {} });
    expect(result.files).toEqual([]);
  });

  it('names a changed script differently and an unchanged one the same', async () => {
    await writeTree(root, files);
    const first = (await bundle(root, client({ menu: 'client/menu.ts' }))).assets.scripts.menu;
    expect((await bundle(root, client({ menu: 'client/menu.ts' }))).assets.scripts.menu).toBe(first);
    await writeTree(root, { 'client/label.ts': "export const label: string = 'Close the menu';\n" });
    expect((await bundle(root, client({ menu: 'client/menu.ts' }))).assets.scripts.menu).not.toBe(first);
  });

  it('reports a syntax error in a script as a bundle diagnostic at its file and line', async () => {
    await writeTree(root, { ...files, 'client/menu.ts': 'const ok = 1;\nconst broken = ;\n' });
    const result = await bundle(root, client({ menu: 'client/menu.ts' }));
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column])).toEqual([['bundle', 'error', 'client/menu.ts', 2, 16]]);
    expect(result.diagnostics[0]!.message).toBe('Unexpected ";"');
    expect(result.assets.scripts).toEqual({});
    // The stylesheet is bundled on its own and still arrives.
    expect(result.assets.css).toBe('body{color:red}.menu{margin:0}');
  });

  it('reports a stylesheet import that does not resolve at its line', async () => {
    await writeTree(root, { 'style.css': '/* site */\n@import "./missing.css";\nbody { color: red; }\n' });
    const result = await bundle(root, client({}));
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([['bundle', 'style.css', 2]]);
    expect(result.assets.css).toBe('');
  });
});
