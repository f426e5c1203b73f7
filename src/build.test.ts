// The gate between content and the theme's code (src/build.ts): whatever site.yaml or a page file
// says, theme code (templates, share cards, page and site rules, the security policy, the feed)
// is given only data that matched its schema, and a build ends in pages or in located problems.
// The fixture's theme is wrapped in a spy that records, for every call, whether what it was given
// matches the theme's own schemas; site.yaml and a page file are then mutated many times over.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { isMap, isSeq, parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilder, type Builder } from './build.ts';
import { ContentError, stopsRendering, type Diagnostic } from './contracts/diagnostics.ts';
import { copyFixture, type Project } from '../tests/helpers/fixture.ts';

/** What the spy records of one call into the theme. */
interface ThemeCall {
  hook: string;
  /** The site it was given matched the site schema. */
  siteValid: boolean;
  /** The route of the page it was given, if any, and whether the page's data matched its template's schema. */
  route?: string;
  pageValid?: boolean;
}

// Wraps every function of the fixture's theme; the checks use TypeBox's own, not the engine's.
const SPY = `
import { Value } from '@sinclair/typebox/value';
import base from './base.tsx';
const calls = ((globalThis as any).__themeCalls ??= []);
const site = (s: unknown) => Value.Check(base.siteSchema, s);
const page = (p: unknown) => Value.Check(base.templates.page.schema, p);
export default {
  ...base,
  templates: {
    page: { ...base.templates.page, component: (props: any) => {
      calls.push({ hook: 'template', siteValid: site(props.site), route: props.route, pageValid: page(props.page) });
      return base.templates.page.component(props);
    } },
    article: { ...base.templates.article, component: (props: any) => {
      calls.push({ hook: 'article template', siteValid: site(props.site), route: props.route });
      return base.templates.article.component(props);
    } },
  },
  siteRules: (s: unknown) => (calls.push({ hook: 'siteRules', siteValid: site(s) }), []),
  pageRules: (input: any) => (calls.push({ hook: 'pageRules', siteValid: site(input.site), route: input.page.route, ...(input.page.template === 'article' ? {} : { pageValid: page(input.page.data) }) }), []),
  securityPolicy: (s: unknown) => (calls.push({ hook: 'securityPolicy', siteValid: site(s) }), {}),
  shareCard: (input: any) => {
    calls.push({ hook: 'shareCard', siteValid: site(input.site), route: input.route, ...(input.template === 'article' ? {} : { pageValid: page(input.page) }) });
    return undefined;
  },
};
`;

function calls(): ThemeCall[] {
  return ((globalThis as { __themeCalls?: ThemeCall[] }).__themeCalls ??= []);
}

/** Values of the wrong kind, and text that breaks the YAML around it. */
const WRONG = [5, 0, -1.5, true, null, [], {}, ['a'], { a: 1 }, '', 'text', '/x'];
const BREAKS = [
  '[unclosed',
  '{',
  '"open',
  "'open",
  ': :',
  '\t',
  '&a',
  '*nowhere',
  '!!binary x',
  '- ',
  '? ',
  '%',
  '@',
  '---',
  '...',
  'key: [1, {',
  '\u0000',
  '\uFEFF',
];

/** A mutation of a YAML text: a field set to a wrong value or deleted, or the text broken where it stands. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), field: fc.nat(), value: fc.constantFrom(...WRONG) }),
  fc.record({ kind: fc.constant('delete' as const), field: fc.nat() }),
  fc.record({ kind: fc.constant('break' as const), at: fc.nat(), piece: fc.constantFrom(...BREAKS) }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

/** Every path to a value in the document, parents before children. */
function fieldPaths(text: string): (string | number)[][] {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (isMap(node))
      for (const pair of node.items) {
        const key = (pair.key as { value?: unknown }).value;
        if (typeof key === 'string') {
          paths.push([...path, key]);
          walk(pair.value, [...path, key]);
        }
      }
    else if (isSeq(node))
      node.items.forEach((item, i) => {
        paths.push([...path, i]);
        walk(item, [...path, i]);
      });
  };
  walk(parseDocument(text).contents, []);
  return paths;
}

function mutate(text: string, m: Mutation): string {
  if (m.kind === 'break') {
    const at = m.at % (text.length + 1);
    return text.slice(0, at) + m.piece + text.slice(at);
  }
  if (m.kind === 'cut') return text.slice(0, m.at % (text.length + 1));
  const paths = fieldPaths(text);
  const doc = parseDocument(text);
  const path = paths[m.field % paths.length]!;
  if (m.kind === 'set') doc.setIn(path, m.value);
  else doc.deleteIn(path);
  return doc.toString();
}

/** The codes by which validation keeps a page file out of the model. */
const KEPT_OUT = new Set([
  'yaml-syntax',
  'comment-in-text',
  'schema',
  'unknown-template',
  'template-kind',
  'encoding',
  'too-large',
  'front-matter',
  'front-matter-open',
  'front-matter-ended',
  'impossible-date',
]);

describe('the gate between content and theme code', () => {
  let project: Project;
  let builder: Builder;
  const originals: Record<string, string> = {};
  let firstBuild: ThemeCall[] = [];

  beforeAll(async () => {
    project = await copyFixture();
    await rename(join(project.root, 'templates/index.tsx'), join(project.root, 'templates/base.tsx'));
    await writeFile(join(project.root, 'templates/index.tsx'), SPY);
    for (const file of ['site.yaml', 'pages/services.yaml', 'pages/blog/first-article.md']) originals[file] = await readFile(join(project.root, file), 'utf8');
    builder = createBuilder({ root: project.root, write: false, editorSchemas: false });
    calls().length = 0;
    await builder.build();
    firstBuild = [...calls()];
  });
  afterAll(async () => {
    await project?.remove();
  });

  /** Builds with `file` changed to `text`; the problems it ended with, or none. Every file a test changes counts as changed (the last build read them changed). */
  async function buildWith(file: string, text: string): Promise<Diagnostic[]> {
    await writeFile(join(project.root, file), text);
    calls().length = 0;
    try {
      return (await builder.build(Object.keys(originals))).diagnostics;
    } catch (error) {
      if (error instanceof ContentError) return error.diagnostics;
      throw error;
    } finally {
      await writeFile(join(project.root, file), originals[file]!);
    }
  }

  it('passes the clean fixture to every hook of the spy, each with data that matches its schema', () => {
    const hooks = new Set(firstBuild.map((c) => c.hook));
    expect([...hooks].sort()).toEqual(['article template', 'pageRules', 'securityPolicy', 'shareCard', 'siteRules', 'template']);
    expect(firstBuild.every((c) => c.siteValid && c.pageValid !== false)).toBe(true);
  });

  it('stops at site.yaml with its own located problem when a field has the wrong type, and calls no theme code', async () => {
    const found = await buildWith('site.yaml', originals['site.yaml']!.replace('name: Fixture Electric', 'name: 5'));
    expect(found.map((d) => [d.file, d.line, d.path, d.code])).toEqual([['site.yaml', 2, 'name', 'schema']]);
    expect(calls()).toEqual([]);
  });

  it("reports a page's own problems beside a broken site.yaml", async () => {
    await writeFile(join(project.root, 'pages/services.yaml'), originals['pages/services.yaml']!.replace('heading: Services', 'heading: ""'));
    try {
      const found = await buildWith('site.yaml', `${originals['site.yaml']}x: [unclosed\n`);
      expect(found.map((d) => [d.file, d.line, d.code])).toEqual([
        ['pages/services.yaml', 5, 'schema'],
        ['site.yaml', 7, 'yaml-syntax'],
      ]);
      expect(calls()).toEqual([]);
    } finally {
      await writeFile(join(project.root, 'pages/services.yaml'), originals['pages/services.yaml']!);
    }
  });

  it('gives theme code only a site.yaml that matched its schema, whatever the mutation', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const text = mutate(originals['site.yaml']!, m);
        const found = await buildWith('site.yaml', text);
        expect(
          calls().filter((c) => !c.siteValid),
          text,
        ).toEqual([]);
        // A problem in what site.yaml says (not, say, in its schema line for editors) keeps every hook from running.
        if (found.some((d) => d.file === 'site.yaml' && stopsRendering(d))) expect(calls(), text).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps a page file that fails validation away from every hook, and renders the others', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const text = mutate(originals['pages/services.yaml']!, m);
        const found = await buildWith('pages/services.yaml', text);
        const keptOut = found.some((d) => d.file === 'pages/services.yaml' && d.severity === 'error' && KEPT_OUT.has(d.code));
        if (keptOut)
          expect(
            calls().filter((c) => c.route === '/services'),
            text,
          ).toEqual([]);
        expect(
          calls().filter((c) => !c.siteValid || c.pageValid === false),
          text,
        ).toEqual([]);
        // The other pages still reach the theme's rules, so one run reports every page's problems.
        if (keptOut)
          expect(
            calls().map((c) => `${c.hook} ${c.route}`),
            text,
          ).toContain('pageRules /services/panels');
      }),
      { numRuns: 100 },
    );
  });

  it('keeps an article whose front matter fails away from every hook', async () => {
    const article = originals['pages/blog/first-article.md']!;
    const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(article)!;
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const text = `---\n${mutate(`${front}\n`, m)}---\n${body}`;
        const found = await buildWith('pages/blog/first-article.md', text);
        const keptOut = found.some((d) => d.file === 'pages/blog/first-article.md' && d.severity === 'error' && KEPT_OUT.has(d.code));
        if (keptOut)
          expect(
            calls().filter((c) => c.route === '/blog/first-article'),
            text,
          ).toEqual([]);
        expect(
          calls().filter((c) => !c.siteValid),
          text,
        ).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
