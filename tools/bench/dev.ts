// `npm run bench:dev`: how long an editor waits. Starts `site dev` (the real
// CLI, in its own process) on a copy of the project, listens to its event
// stream as a browser tab does, and edits files: the time from the write to the
// reload event is what an editor waits before the page changes (the browser's
// reload comes on top). Page edits change one page's own description; site.yaml
// edits change its longest text, which every page may show. Prints figures; it
// asserts nothing (the machine is shared and noisy).
//
//   npm run bench:dev [-- --edits 25]
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { routeFromPath } from '../../src/url.ts';
import { copyProject, removeCopy } from '../../tests/helpers/project-copy.ts';
import { listen, startDevProcess } from '../../tests/helpers/dev-server.ts';

const TARGETS = { page: 50, site: 300 };

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { edits: { type: 'string', default: '25' } } });
  const edits = Math.max(1, Number(values.edits));
  const root = await copyProject('bench-dev');
  const dev = await startDevProcess(root);
  try {
    const page = await firstPageOf(root, 'location');
    const tab = await listen(dev.url, page.route);
    await tab.next('hello', 0);

    const pageTimes = await timeEdits(edits, join(root, page.file), (doc) => toggleFirstLetter(doc, ['description']), tab);
    const sitePath = longestText(parseDocument(await readFile(join(root, 'site.yaml'), 'utf8')).contents, []);
    const siteTimes = await timeEdits(edits, join(root, 'site.yaml'), (doc) => toggleFirstLetter(doc, sitePath), tab);
    tab.close();

    console.log(`site dev: ${edits} edits each, from the write to the reload event, on ${page.file} and site.yaml (${sitePath.join('.')})`);
    console.log(line('page edit', pageTimes, TARGETS.page));
    console.log(line('site.yaml edit', siteTimes, TARGETS.site));
    const rebuilt = /changed: (\d+) pages? rebuilt/g;
    const counts = [...dev.output().matchAll(rebuilt)].map((m) => Number(m[1]));
    console.log(`pages rendered per rebuild: ${counts.slice(0, edits).at(-1)} for a page edit, ${counts.at(-1)} for a site.yaml edit`);
    return 0;
  } finally {
    await dev.stop();
    await removeCopy(root);
  }
}

type Tab = Awaited<ReturnType<typeof listen>>;

async function timeEdits(count: number, file: string, edit: (doc: ReturnType<typeof parseDocument>) => void, tab: Tab): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const doc = parseDocument(await readFile(file, 'utf8'));
    edit(doc);
    const from = tab.events.length;
    const started = performance.now();
    await writeFile(file, doc.toString());
    await tab.next('reload', from);
    times.push(performance.now() - started);
    // Past the watcher's second look at the file, so edits do not overlap.
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
  return times;
}

/** Swaps the case of the first letter of the text at `path`: a real change of the same length, valid wherever the text was. */
function toggleFirstLetter(doc: ReturnType<typeof parseDocument>, path: (string | number)[]): void {
  const text = String(doc.getIn(path));
  const first = text.charAt(0);
  const swapped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
  doc.setIn(path, swapped + text.slice(1));
}

/** The path of the longest text with spaces in a YAML tree (a description, most likely). */
function longestText(node: Node | null, path: (string | number)[]): (string | number)[] {
  let best: { path: (string | number)[]; length: number } = { path: [], length: 0 };
  const visit = (value: unknown, at: (string | number)[]) => {
    if (isScalar(value) && typeof value.value === 'string' && /^[A-Za-z]/.test(value.value) && value.value.includes(' ')) {
      if (value.value.length > best.length) best = { path: at, length: value.value.length };
    } else if (isMap(value)) {
      for (const pair of value.items) if (isScalar(pair.key)) visit(pair.value, [...at, String(pair.key.value)]);
    } else if (isSeq(value)) {
      value.items.forEach((item, index) => visit(item, [...at, index]));
    }
  };
  visit(node, path);
  return best.path;
}

async function firstPageOf(root: string, template: string): Promise<{ file: string; route: string }> {
  const files = (await readdir(join(root, 'pages'), { recursive: true })).map((f) => join(root, 'pages', f)).filter((f) => f.endsWith('.yaml')).sort();
  for (const file of files) {
    if (!new RegExp(`^template: ${template}$`, 'm').test(await readFile(file, 'utf8'))) continue;
    return { file: relative(root, file), route: routeFromPath(relative(join(root, 'pages'), file))! };
  }
  throw new Error(`no page uses the ${template} template`);
}

function line(label: string, times: number[], target: number): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const median = at(0.5);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return `  ${label.padEnd(15)} median ${ms(median)}  p90 ${ms(at(0.9))}  min ${ms(sorted[0]!)}  max ${ms(sorted.at(-1)!)}  (target: median at most ${target} ms: ${median <= target ? 'met' : 'missed'})`;
}
