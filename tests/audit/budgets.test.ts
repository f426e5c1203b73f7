// Budget arithmetic: gzip sizes, the script a page loads up front, render-blocking
// requests and third-party requests.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  entryFiles,
  gzipSize,
  HTML_BUDGET,
  renderBlocking,
  SCRIPT_BUDGET,
  scriptCost,
  scriptGraph,
  thirdPartyRequests,
  type ScriptGraph,
} from '../../tools/audit/gates/budgets.ts';
import { scanHtml } from '../../tools/audit/html.ts';

describe('budgets', () => {
  it('are one round trip of HTML and 6 KB of script', () => {
    expect(HTML_BUDGET).toBe(10 * 1460);
    expect(SCRIPT_BUDGET).toBe(6144);
  });

  it('measure gzip at level 6', () => {
    const text = 'electrician '.repeat(500);
    expect(gzipSize(text)).toBe(gzipSync(text, { level: 6 }).length);
    expect(gzipSize(text)).toBeLessThan(text.length / 10);
  });
});

describe('scriptCost', () => {
  const graph: ScriptGraph = new Map([
    ['assets/menu.js', { gzip: 500, staticImports: ['assets/chunk-core.js'], dynamicImports: [] }],
    ['assets/form.js', { gzip: 1200, staticImports: ['assets/chunk-core.js'], dynamicImports: ['assets/map.js'] }],
    ['assets/chunk-core.js', { gzip: 300, staticImports: ['assets/form.js'], dynamicImports: [] }],
    ['assets/map.js', { gzip: 9000, staticImports: ['assets/chunk-core.js'], dynamicImports: [] }],
  ]);

  it('counts each entry and every chunk it imports statically, once, through cycles', () => {
    const cost = scriptCost(['assets/menu.js', 'assets/form.js'], graph);
    expect(cost.files.sort()).toEqual(['assets/chunk-core.js', 'assets/form.js', 'assets/menu.js']);
    expect(cost.upFront).toBe(2000);
  });

  it('counts import() chunks too, apart from what loads up front, and each file once', () => {
    const cost = scriptCost(['assets/form.js'], graph);
    expect(cost.lazy).toEqual(['assets/map.js']);
    expect(cost.upFront).toBe(1500);
    expect(cost.gzip).toBe(10_500);
  });

  it('follows what an import() chunk imports in turn', () => {
    const deep: ScriptGraph = new Map([
      ['assets/a.js', { gzip: 1, staticImports: [], dynamicImports: ['assets/b.js'] }],
      ['assets/b.js', { gzip: 10, staticImports: ['assets/c.js'], dynamicImports: ['assets/d.js'] }],
      ['assets/c.js', { gzip: 100, staticImports: [], dynamicImports: [] }],
      ['assets/d.js', { gzip: 1000, staticImports: ['assets/a.js'], dynamicImports: [] }],
    ]);
    const cost = scriptCost(['assets/a.js'], deep);
    expect(cost.lazy.sort()).toEqual(['assets/b.js', 'assets/c.js', 'assets/d.js']);
    expect(cost.gzip).toBe(1111);
  });

  it('reports a script that is not in the build', () => {
    expect(scriptCost(['assets/gone.js'], graph)).toEqual({ files: [], upFront: 0, gzip: 0, lazy: [], missing: ['assets/gone.js'] });
  });

  it('reads the graph with esbuild from built files, absolute and relative imports alike', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'audit-graph-'));
    try {
      await mkdir(join(dist, 'assets'));
      await writeFile(join(dist, 'assets/entry.js'), 'import{a}from"./chunk.js";import"/assets/side.js";const m=()=>import("./lazy.js");a(m);');
      await writeFile(join(dist, 'assets/chunk.js'), 'export function a(f){return f}');
      await writeFile(join(dist, 'assets/side.js'), 'document.title="x";');
      await writeFile(join(dist, 'assets/lazy.js'), 'export default 1;');
      const graph = await scriptGraph(dist, ['assets/entry.js'], async () => 100);
      expect(graph.get('assets/entry.js')).toEqual({ gzip: 100, staticImports: ['assets/chunk.js', 'assets/side.js'], dynamicImports: ['assets/lazy.js'] });
      const cost = scriptCost(['assets/entry.js'], graph);
      expect(cost.files.sort()).toEqual(['assets/chunk.js', 'assets/entry.js', 'assets/side.js']);
      expect(cost.lazy).toEqual(['assets/lazy.js']);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('renderBlocking', () => {
  const blocking = (head: string, body = '') => renderBlocking(scanHtml(`<html><head>${head}</head><body>${body}</body></html>`));

  it('counts stylesheet links and classic head scripts without defer or async', () => {
    expect(blocking('<link rel="stylesheet" href="/a.css"><script src="/b.js"></script>')).toEqual([
      '<link rel=stylesheet href=/a.css>',
      '<script src=/b.js> in head without defer or async',
    ]);
  });

  it('does not count module scripts, deferred or async scripts, inline code or body scripts', () => {
    expect(
      blocking(
        '<script type="module" src="/m.js"></script><script defer src="/d.js"></script><script async src="/a.js"></script><style>p{}</style><script type="application/ld+json">{}</script>',
        '<script src="/late.js"></script>',
      ),
    ).toEqual([]);
  });

  it('takes entries from script tags, leaving other origins out', () => {
    expect(
      entryFiles(scanHtml('<script type="module" src="/assets/menu-X.js?v=1"></script><script src="https://cdn.example.net/x.js"></script><script>1</script>')),
    ).toEqual(['assets/menu-X.js']);
  });
});

describe('thirdPartyRequests', () => {
  it('keeps requests to any origin but the preview server', () => {
    const origin = 'http://127.0.0.1:4000';
    expect(
      thirdPartyRequests(
        [
          'http://127.0.0.1:4000/',
          'http://127.0.0.1:4000/assets/a.js',
          'data:image/svg+xml,x',
          'https://www.googletagmanager.com/gtm.js',
          'http://localhost:4000/x',
          'blob:http://127.0.0.1:4000/1',
        ],
        origin,
      ),
    ).toEqual(['https://www.googletagmanager.com/gtm.js', 'http://localhost:4000/x']);
  });
});
