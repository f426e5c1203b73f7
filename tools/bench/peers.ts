// The peers of `npm run bench`: Hugo (Debian's package, `apt-get install hugo`) and Eleventy 3.1
// (installed by the bench into the cache folder, never a dependency of the project) each build a
// synthetic site equivalent to ours: as many pages, each a Markdown body with a title and a
// description in one shared layout (head, menu, footer), made as large as our median page, so each
// tool reads, renders and writes as much. No two pages share a paragraph.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runCommand, type CommandRun } from './site-run.ts';

const exec = promisify(execFile);

/** The Eleventy the issue names; an exact version, so figures from different days compare. */
export const ELEVENTY_VERSION = '3.1.8';

export interface Peer {
  name: string;
  version: string;
  /** The folder its build writes. */
  output: string;
  /** Builds the peer's copy of the synthetic site from nothing kept by an earlier build. */
  cold(): Promise<CommandRun>;
  /** Changes one page's text and builds again, keeping what the last build left. */
  warm(): Promise<CommandRun>;
}

/** A peer that cannot run here, and what would make it run. */
export interface MissingPeer {
  name: string;
  missing: string;
}

/** Writes both peers' sites for `pages` pages of about `pageBytes` of HTML each under `folder`, and returns the peers found on this machine. */
export async function preparePeers(folder: string, pages: number, pageBytes: number, cacheDir: string): Promise<(Peer | MissingPeer)[]> {
  const texts = syntheticPages(pages, pageBytes);
  return [await hugoPeer(join(folder, 'hugo'), texts), await eleventyPeer(join(folder, 'eleventy'), texts, cacheDir)];
}

export function isPeer(peer: Peer | MissingPeer): peer is Peer {
  return 'cold' in peer;
}

interface PageText {
  slug: string;
  title: string;
  description: string;
  /** Markdown. */
  body: string;
}

const MENU = ['Home', 'Services', 'Areas', 'Pricing', 'About', 'Reviews', 'Blog', 'Contact', 'Emergency', 'Careers']
  .map((label) => `<a href="/${label.toLowerCase()}/">${label}</a>`)
  .join('');
const FOOTER = Array.from({ length: 30 }, (_, i) => `<a href="/places/place-${String(i + 1).padStart(6, '0')}/">Place ${i + 1}</a>`).join(' ');
// What the layout adds to each page around its body, about: head, menu and footer.
const LAYOUT_BYTES = 2_400;
const WORDS =
  'panel breaker circuit wiring outlet fixture lighting permit inspection licensed insured estimate emergency repair upgrade install homeowner basement kitchen garage charger generator surge detector grounding conduit'.split(
    ' ',
  );

/** The pages, alike in shape and size and unlike in words: a small linear congruential generator picks them. */
function syntheticPages(count: number, pageBytes: number): PageText[] {
  let seed = 12_345;
  const word = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return WORDS[seed % WORDS.length]!;
  };
  const paragraph = (n: number) => {
    const words = Array.from({ length: 60 }, word);
    return `${words[0]![0]!.toUpperCase()}${words.join(' ').slice(1)} number ${n}.`;
  };
  const bodyBytes = Math.max(1_000, pageBytes - LAYOUT_BYTES);
  return Array.from({ length: count }, (_, i) => {
    const id = String(i + 1).padStart(6, '0');
    const parts = [`## Electricians in place ${id}`];
    for (let p = 0; parts.join('\n\n').length < bodyBytes; p++)
      parts.push(p % 5 === 4 ? `- ${word()} ${word()}\n- ${word()} ${word()}\n- ${word()} ${word()}` : paragraph(p));
    return {
      slug: `place-${id}`,
      title: `Electricians in place ${id}`,
      description: `Licensed electricians serving place ${id}: ${word()} and ${word()}.`,
      body: parts.join('\n\n'),
    };
  });
}

function frontMatter(page: PageText, extra: string): string {
  return `---\ntitle: "${page.title}"\ndescription: "${page.description}"\n${extra}---\n\n${page.body}\n`;
}

async function writePages(folder: string, pages: PageText[], extra: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  // In batches: ten thousand writes at once would open as many files.
  for (let i = 0; i < pages.length; i += 500) {
    await Promise.all(pages.slice(i, i + 500).map((page) => writeFile(join(folder, `${page.slug}.md`), frontMatter(page, extra))));
  }
}

function timedRun(cwd: string, command: string, args: string[], clear: string[]): () => Promise<CommandRun> {
  return async () => {
    for (const path of clear) await rm(join(cwd, path), { recursive: true, force: true });
    return runCommand(cwd, command, args);
  };
}

/** Appends a word to the first page's body, alternating, so each warm build has a change to build. */
function pageEdit(file: string, run: () => Promise<CommandRun>): () => Promise<CommandRun> {
  let turn = 0;
  return async () => {
    const text = await readFile(file, 'utf8');
    await writeFile(file, turn++ % 2 ? text.replace(/ edited\n$/, '\n') : text.replace(/\n$/, ' edited\n'));
    return run();
  };
}

async function hugoPeer(site: string, pages: PageText[]): Promise<Peer | MissingPeer> {
  let version: string;
  try {
    version = /v(\d+\.\d+\.\d+)/.exec((await exec('hugo', ['version'])).stdout)?.[1] ?? 'unknown';
  } catch {
    return { name: 'Hugo', missing: 'not installed (Debian: sudo apt-get install hugo)' };
  }
  const layout = '_default';
  await mkdir(join(site, 'layouts', layout), { recursive: true });
  await writeFile(
    join(site, 'hugo.toml'),
    'baseURL = "https://bench.example/"\nlanguageCode = "en-ca"\ntitle = "Bench"\ndisableKinds = ["taxonomy", "term"]\n',
  );
  const head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">';
  await writeFile(
    join(site, 'layouts', layout, 'baseof.html'),
    `${head}<title>{{ .Title }} | Bench</title><meta name="description" content="{{ .Description }}"><link rel="canonical" href="{{ .Permalink }}"></head>` +
      `<body><header><nav>${MENU}</nav></header><main>{{ block "main" . }}{{ end }}</main><footer>${FOOTER}</footer></body></html>\n`,
  );
  await writeFile(join(site, 'layouts', layout, 'single.html'), '{{ define "main" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n');
  await writeFile(
    join(site, 'layouts', layout, 'list.html'),
    '{{ define "main" }}<h1>{{ .Title }}</h1>{{ range first 20 .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ end }}{{ end }}\n',
  );
  await writePages(join(site, 'content', 'places'), pages, '');
  const cold = timedRun(site, 'hugo', ['--quiet', '--cacheDir', join(site, '.hugo-cache'), '-d', 'public'], ['public', 'resources', '.hugo-cache']);
  const warm = pageEdit(
    join(site, 'content', 'places', `${pages[0]!.slug}.md`),
    timedRun(site, 'hugo', ['--quiet', '--cacheDir', join(site, '.hugo-cache'), '-d', 'public'], []),
  );
  return { name: 'Hugo', version, output: join(site, 'public'), cold, warm };
}

async function eleventyPeer(site: string, pages: PageText[], cacheDir: string): Promise<Peer | MissingPeer> {
  const install = join(cacheDir, 'bench-peers', `eleventy-${ELEVENTY_VERSION}`);
  const cli = join(install, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  if (!existsSync(cli)) {
    try {
      await mkdir(install, { recursive: true });
      await exec('npm', ['install', '--prefix', install, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', `@11ty/eleventy@${ELEVENTY_VERSION}`]);
    } catch (error) {
      return { name: 'Eleventy', missing: `could not be installed from npm: ${(error as Error).message.split('\n')[0]}` };
    }
  }
  await mkdir(join(site, 'src', '_includes'), { recursive: true });
  await writeFile(
    join(site, 'eleventy.config.mjs'),
    "export default function () {\n  return { dir: { input: 'src', output: '_site' }, markdownTemplateEngine: false };\n}\n",
  );
  await writeFile(
    join(site, 'src', '_includes', 'base.njk'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>{{ title }} | Bench</title><meta name="description" content="{{ description }}"><link rel="canonical" href="https://bench.example{{ page.url }}"></head>' +
      `<body><header><nav>${MENU}</nav></header><main><h1>{{ title }}</h1>{{ content | safe }}</main><footer>${FOOTER}</footer></body></html>\n`,
  );
  await writePages(join(site, 'src', 'places'), pages, 'layout: base.njk\n');
  const build = timedRun(site, process.execPath, [cli, '--quiet'], ['_site']);
  const warm = pageEdit(join(site, 'src', 'places', `${pages[0]!.slug}.md`), timedRun(site, process.execPath, [cli, '--quiet'], []));
  return { name: 'Eleventy', version: ELEVENTY_VERSION, output: join(site, '_site'), cold: build, warm };
}
