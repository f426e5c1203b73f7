// What an editor writes never becomes more than it said (npm run test:hardening).
// Hostile and random text goes into each field of the real site that reaches a
// file the engine writes by putting text together: a redirect's target and
// source (_redirects), a post's title (the feed, JSON-LD, the page's head), a
// page's title and description, the business's legal name (JSON-LD), a link's title in Markdown and a post's body. Each build
// either refuses the value at its line in the file it was written to, or writes
// files of exactly the shape a harmless value of the same field gives: as many
// _redirects and _headers lines, sitemap entries, feed entries and robots lines,
// XML that a strict parser reads, JSON-LD and a manifest with the same members,
// and no script, style, frame, form, base, meta or link element, nor `on…`
// attribute, that the harmless build did not have. Builds run with the builder
// `site dev` uses, in process, on a copy of the project.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilder, type Builder, type BuildResult } from 'trn-site/internal/build.ts';
import { ContentError } from 'trn-site/internal/contracts/diagnostics.ts';
import { copyProject, removeCopy } from '../helpers/project-copy.ts';
import { printFigures } from './figures.ts';
import { cleanBuild } from './clean-build.ts';

/** Random strings per field, beside the fixed payloads. */
const RANDOM_RUNS = Number(process.env.WRITTEN_FILE_RUNS ?? 12);
/**
 * A case whose whole build takes longer than this is a finding, however it ends: a stall, such as
 * the quadratic reads that took 19 to 31 s. Not a speed target: a change every page shows (the
 * business's name) draws every share card again, about 5 s when the other checks share the machine.
 */
const BOUNDED_MS = 20_000;

const RUN = 'window.__pwned=1';
const PAYLOADS = [
  'https://example.com/\n/* https://elsewhere.example/:splat 200!\n/x',
  '/about\n/* /evil 200!',
  '/about /evil 200!',
  '/a\r\nX-Evil: 1',
  '/about #comment',
  'https://example.com/ 200!',
  'https://elsewhere.example/:splat',
  '/x\u2028/* /y 200',
  '/x\u0085/* /y 200',
  '/x\u000B/y',
  `</script><script>${RUN}</script>`,
  '"}, {"@type": "Organization", "name": "Evil"}, {"x": "',
  '\u2028\u2029',
  '<!--',
  ']]>',
  '</title>',
  '<loc>https://elsewhere.example/</loc>',
  '</url><url><loc>https://elsewhere.example/</loc></url>',
  '</entry><entry><title>x</title></entry>',
  '&',
  '&amp;',
  '&#0;',
  '\u0000',
  '\u0001',
  '\uFFFE',
  '\uD800',
  '\u{1F600}',
  'Disallow: /',
  'User-agent: *\nDisallow: /',
  `<img src=x onerror="${RUN}">`,
  `" onmouseover="${RUN}`,
  `' onmouseover='${RUN}`,
  `javascript:${RUN}`,
  '{phone}',
  '{nowhere}',
  '\u202E',
  '\u200F',
  '\u200B',
  '\t',
  ' ',
  '',
  'x'.repeat(5_000),
];

/** A field that reaches a written file: where it is written, and a harmless value of its kind. */
interface Field {
  name: string;
  file: string;
  harmless: string;
  /** The file's text with `value` (YAML-quoted or raw, as the field takes it) written into the field. */
  put(original: string, value: string): string;
}

/** A value as YAML double-quoted text (JSON's escapes are YAML's). */
const quoted = (value: string) => JSON.stringify(value);

const FIELDS: Field[] = [
  {
    name: 'a redirect target',
    file: 'pages/_redirects.yaml',
    harmless: 'https://example.org/moved',
    put: (text, value) => `${text.trimEnd()}\n  - from: /hardening-moved\n    to: ${quoted(value)}\n`,
  },
  {
    name: 'a redirect source',
    file: 'pages/_redirects.yaml',
    harmless: '/hardening-moved',
    put: (text, value) => `${text.trimEnd()}\n  - from: ${quoted(value)}\n    to: /about\n`,
  },
  {
    name: "a post's title",
    file: 'pages/blog/hardening-written.md',
    harmless: 'A harmless title of a post for the hardening suite',
    put: (text, value) => text.replace(/^title: .*$/m, () => `title: ${quoted(value)}`),
  },
  {
    name: "a page's title",
    file: 'pages/about.yaml',
    harmless: 'A harmless title of the about page here',
    put: (text, value) => text.replace(/^title: .*$/m, () => `title: ${quoted(value)}`),
  },
  {
    name: "a page's description",
    file: 'pages/about.yaml',
    harmless: 'A harmless description of the about page, long enough for search results to show it in full.',
    put: (text, value) => text.replace(/^description: .*(\n {2}.*)*$/m, () => `description: ${quoted(value)}`),
  },
  {
    name: "the business's legal name",
    file: 'site.yaml',
    harmless: 'Harmless Electric Ltd.',
    put: (text, value) => text.replace(/^(\s+legalName): .*$/m, (_, key: string) => `${key}: ${quoted(value)}`),
  },
  {
    name: "a link's title in Markdown",
    file: 'pages/blog/hardening-written.md',
    harmless: 'About us',
    put: (text, value) => `${text.trimEnd()}\n\nMore [about us](/about ${quoted(value)}).\n`,
  },
  {
    name: "a post's body",
    file: 'pages/blog/hardening-written.md',
    harmless: 'A harmless closing line.',
    put: (text, value) => `${text.trimEnd()}\n\n${value}\n`,
  },
];

/** The shape of what a build wrote: what must not change when only a field's text changes. */
type Shape = Map<string, string>;

const ELEMENTS_OF_NOTE = new Set(['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'base', 'meta', 'link', 'svg', 'math']);

function shape(result: BuildResult): Shape {
  const found: Shape = new Map();
  const text = (path: string) => {
    const file = result.files.find((f) => f.path === path);
    return file === undefined ? undefined : typeof file.contents === 'string' ? file.contents : new TextDecoder().decode(file.contents);
  };
  for (const path of ['_redirects', '_headers', 'robots.txt']) {
    const lines = (text(path) ?? '').split(/\r\n|\r|\n/).filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
    found.set(`${path} lines`, String(lines.length));
    found.set(`${path} tokens per line`, lines.map((line) => line.trim().split(/\s+/).length).join(','));
  }
  for (const file of result.files.filter((f) => /\.(xml)$/.test(f.path))) found.set(file.path, xmlShape(text(file.path)!));
  const manifest = result.files.find((f) => f.path.endsWith('.webmanifest'));
  if (manifest) found.set(manifest.path, jsonShape(text(manifest.path)!));
  for (const page of result.pages) found.set(page.output, htmlShape(page.html));
  return found;
}

/** Elements by name, or why the text is not well-formed XML. */
function xmlShape(xml: string): string {
  const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) return 'not well-formed XML';
  return countNames([...document.getElementsByTagName('*')].map((e) => e.tagName));
}

/** Member paths of a JSON text, or that it does not parse. */
function jsonShape(json: string): string {
  try {
    return memberPaths(JSON.parse(json) as unknown, '')
      .sort()
      .join(' ');
  } catch {
    return 'not JSON';
  }
}

function memberPaths(value: unknown, at: string): string[] {
  if (Array.isArray(value)) return [`${at}[${value.length}]`, ...value.flatMap((member, i) => memberPaths(member, `${at}[${i}]`))];
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, member]) => [`${at}.${key}`, ...memberPaths(member, `${at}.${key}`)]);
  return [];
}

/** The elements of note, `on…` attributes, and the shape of each JSON-LD script, as a browser reads the page. */
function htmlShape(html: string): string {
  const names: string[] = [];
  const scripts: string[] = [];
  const visit = (nodes: ReturnType<typeof parseDocument>['children']) => {
    for (const node of nodes) {
      if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
      const element = node as unknown as { name: string; attribs: Record<string, string>; children: typeof nodes };
      if (ELEMENTS_OF_NOTE.has(element.name)) names.push(element.name);
      for (const attribute of Object.keys(element.attribs)) if (/^on/i.test(attribute)) names.push(`@${attribute}`);
      if (element.name === 'script' && element.attribs.type === 'application/ld+json') {
        scripts.push(jsonShape(element.children.map((child) => (child as unknown as { data?: string }).data ?? '').join('')));
      }
      visit(element.children);
    }
  };
  visit(parseDocument(html).children);
  return `${countNames(names)} | ${scripts.join(' || ')}`;
}

function countNames(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, n]) => `${name}×${n}`)
    .join(' ');
}

let root: string;
let builder: Builder;
const originals = new Map<string, string>();
const figures = { cases: 0, crashes: 0, unlocated: 0, injected: 0, refused: 0, slowest: { ms: 0, what: 'none' } };

beforeAll(async () => {
  root = await copyProject('written');
  // A post of the real site's shape, for the fields of a post.
  const post = await readFile(join(root, 'pages/blog/why-do-my-breakers-keep-tripping.md'), 'utf8').catch(() => undefined);
  const model =
    post ??
    (await readFile(
      join(
        root,
        'pages/blog',
        (await import('node:fs/promises').then((fs) => fs.readdir(join(root, 'pages/blog')))).find((n) => n.endsWith('.md'))!,
      ),
      'utf8',
    ));
  await writeFile(
    join(root, 'pages/blog/hardening-written.md'),
    model
      .replace(/^title: .*$/m, 'title: A harmless title of a post for the hardening suite')
      .replace(/^seoTitle: .*$/m, 'seoTitle: A harmless post for the hardening suite')
      .replace(
        /^(metaDescription|excerpt): .*(\n {2}.*)*$/gm,
        (_, key: string) => `${key}: A post the hardening suite writes hostile text into, field by field, to see that nothing it writes grows.`,
      ),
  );
  for (const field of FIELDS) if (!originals.has(field.file)) originals.set(field.file, await readFile(join(root, field.file), 'utf8'));
  builder = createBuilder({ root, write: false, editorSchemas: false });
  await cleanBuild(builder);
}, 300_000);

afterAll(async () => {
  await removeCopy(root);
  printFigures('written files', figures);
  console.log(
    `hardening written files: ${figures.refused} values refused at their line, ${figures.cases - figures.refused - figures.crashes} written as harmless values are`,
  );
});

/** Builds with `value` in `field`: the build's result, or the located refusal. */
async function buildWith(field: Field, value: string): Promise<BuildResult | ContentError | Error> {
  await writeFile(join(root, field.file), field.put(originals.get(field.file)!, value));
  return builder.build([field.file]).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
}

describe('text written into fields that reach a written file', () => {
  for (const field of FIELDS) {
    it(`${field.name}: refused at its line, or written as a harmless value is (${PAYLOADS.length} payloads, ${RANDOM_RUNS} random strings)`, async () => {
      const twin = await buildWith(field, field.harmless);
      if (!('files' in twin)) throw new Error(`the harmless value of ${field.name} does not build: ${twin.message}`);
      const expected = shape(twin);
      const findings: string[] = [];
      const lines = field.put(originals.get(field.file)!, 'x').split('\n').length;
      const judge = async (value: string) => {
        const what = `${field.name} = ${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)}`;
        const started = performance.now();
        const outcome = await buildWith(field, value);
        const ms = performance.now() - started;
        figures.cases++;
        if (ms > figures.slowest.ms) figures.slowest = { ms, what };
        if (ms > BOUNDED_MS) findings.push(`${what}: took ${ms.toFixed(0)} ms`);
        if (outcome instanceof ContentError) {
          figures.refused++;
          const elsewhere = outcome.diagnostics.filter(
            (d) => d.severity === 'error' && !(d.file === field.file && d.line >= 1 && d.line <= lines + value.split('\n').length),
          );
          figures.unlocated += elsewhere.length;
          findings.push(...elsewhere.map((d) => `${what}: refused at ${d.file}:${d.line}: ${d.message}`));
        } else if (outcome instanceof Error) {
          figures.crashes++;
          findings.push(`${what}: crashed: ${outcome.stack?.split('\n').slice(0, 3).join(' ')}`);
        } else {
          const written = shape(outcome);
          for (const [key, value] of expected) {
            if (written.get(key) !== value) {
              figures.injected++;
              findings.push(`${what}: ${key} is ${written.get(key)?.slice(0, 300)}, the harmless value gives ${value.slice(0, 300)}`);
            }
          }
        }
      };
      for (const payload of PAYLOADS) await judge(payload);
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (value) => judge(value)),
        { numRuns: RANDOM_RUNS, seed: 23 },
      );
      await writeFile(join(root, field.file), originals.get(field.file)!);
      await builder.build([field.file]);
      expect(findings.slice(0, 20)).toEqual([]);
    }, 600_000);
  }
});
