// `site dev` end to end, in a copy of the project: an edit reloads the tab of the
// page it changed (and not the others), a broken file shows its located problem
// (in the event stream and in a real browser's overlay) while the last good
// build stays served, and fixing it reloads. The server never stops.
import { existsSync } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseDocument } from 'yaml';
import { copyProject, removeCopy } from './helpers/project-copy.ts';
import { listen, startDevProcess, type RunningDev } from './helpers/dev-server.ts';
import { launchBrowser } from './helpers/browser.ts';
import { pagesOf, posts } from './helpers/content.ts';
import sharp from 'sharp';
import { syntheticPhoto } from '../tools/bench/photo.ts';

/** Waits until `done` holds (what the dev server printed, say), failing with `context` after `seconds`. */
async function until(done: () => boolean, context: () => string, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out; printed:\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Two places: one to edit and one whose tab must stay put (places do not list each other's text).
const [edited, other] = pagesOf('location');
const TITLE = 'Dev server test, a title an editor just typed';
const DESCRIPTION = 'A description an editor just typed, long enough to be a real one for this page.';

let root: string;
let dev: RunningDev;
let browser: Browser;
let original: string;

beforeAll(async () => {
  root = await copyProject('dev');
  original = await readFile(join(root, edited!.file), 'utf8');
  [dev, browser] = await Promise.all([startDevProcess(root), launchBrowser()]);
}, 90_000);

afterAll(async () => {
  await dev?.stop();
  await browser?.close();
  await removeCopy(root);
});

const write = (text: string) => writeFile(join(root, edited!.file), text);
const titleOf = async (route: string) => /<title>([^<]*)<\/title>/.exec(await (await fetch(dev.url + route)).text())?.[1];

describe('site dev', () => {
  it('serves every page with the reload script, and the script only in dev', async () => {
    const page = await (await fetch(dev.url + edited!.route)).text();
    expect(page).toContain('<script type="module" src="/__site/live.js"></script>');
    const script = await fetch(`${dev.url}/__site/live.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('EventSource');
    // It builds into memory: the copy has no output folder.
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });

  it('shows a new draft post as soon as it is saved, marked as a draft', async () => {
    const post = posts[0]!;
    const text = await readFile(join(root, post.file), 'utf8');
    const draft = post.file.replace(/[^/]+\.md$/, 'dev-test-draft.md');
    const route = post.route.replace(/[^/]+$/, 'dev-test-draft');
    const tab = await listen(dev.url, route);
    await tab.next('hello', 0);
    // A 404 tab reloads on any rebuild: the page it asked for may exist now.
    // Its own title and description (they must be unique), the rest as the post it is copied from.
    const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
    const document = parseDocument(front!);
    document.set('draft', true);
    for (const field of ['title', 'seoTitle']) if (document.has(field)) document.set(field, 'A draft post that only the dev server shows');
    if (document.has('metaDescription'))
      document.set('metaDescription', 'A draft post an editor has just started, shown by the dev server and marked as a draft.');
    await writeFile(join(root, draft), `---\n${document.toString()}---\n${body}`);
    await tab.next('reload');
    const page = await fetch(dev.url + route);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Draft: not on the live site');
    // The blog's list shows it too, marked.
    const list = await (await fetch(dev.url + route.replace(/\/[^/]+$/, ''))).text();
    expect(list).toMatch(new RegExp(`<strong class="chip-cat">Draft</strong><time[^>]*>[^<]*</time></p><h2><a href="${route}">`));
    tab.close();
  });

  it('reloads the tab of an edited page, and not the tab of a page the edit does not touch', async () => {
    const tab = await listen(dev.url, edited!.route);
    const otherTab = await listen(dev.url, other!.route);
    await tab.next('hello', 0);
    // The description is the page's own: no other page shows it.
    const document = parseDocument(original);
    document.set('description', DESCRIPTION);
    await write(document.toString());
    await tab.next('reload');
    expect(await (await fetch(dev.url + edited!.route)).text()).toContain(`<meta name="description" content="${DESCRIPTION}"/>`);
    // The other tab heard nothing but its greeting (and how far share cards being drawn are, on a first run).
    expect(otherTab.events.map((e) => e.name).filter((name) => name !== 'progress')).toEqual(['hello']);
    tab.close();
    otherTab.close();
  });

  it('reports a broken file at its line, keeps serving the last good build, and reloads once it is fixed', async () => {
    const tab = await listen(dev.url, edited!.route);
    await tab.next('hello', 0);
    const lines = original.split('\n');
    const titleLine = lines.findIndex((line) => line.startsWith('title:'));
    lines[titleLine] = `\ttitle: ${TITLE}`;
    await write(lines.join('\n'));
    const event = await tab.next('problems').catch((error: Error) => {
      throw new Error(error.message + '\n' + dev.output());
    });
    const report = JSON.parse(event.data) as {
      summary: string;
      problems: { file: string; line: number; message: string; frame: { rows: { line: number; marked: boolean }[] } | null }[];
    };
    expect(report.summary).toMatch(/^1 error in 1 file$/);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatchObject({ file: edited!.file, line: titleLine + 1 });
    expect(report.problems[0]!.message).toMatch(/tab/);
    expect(report.problems[0]!.frame!.rows.find((row) => row.marked)!.line).toBe(titleLine + 1);
    // The last good build is still there.
    expect(await titleOf(edited!.route)).toBe(edited!.data.title);

    lines[titleLine] = `title: ${TITLE}`;
    let from = tab.events.length;
    await write(lines.join('\n'));
    // A reload for the share card the previous test's edit had drawn later may come first, on a busy machine.
    for (let reloads = 0; reloads < 3; reloads++) {
      const reload = await tab.next('reload', from);
      from = tab.events.indexOf(reload, from) + 1;
      if ((await titleOf(edited!.route)) === TITLE) break;
    }
    expect(await titleOf(edited!.route)).toBe(TITLE);
    tab.close();
    expect(dev.process.exitCode).toBeNull();
  });

  it('shows a save written in two steps as the whole save: the half read between them shows no problems', async () => {
    const tab = await listen(dev.url, edited!.route);
    await tab.next('hello', 0);
    for (const [round, gap] of [20, 40, 60].entries()) {
      const from = tab.events.length;
      const title = `A title saved in two steps, round ${round}`;
      // Truncated first (the file is then empty, and has no template), written some milliseconds later.
      const file = await open(join(root, edited!.file), 'w');
      await new Promise((resolve) => setTimeout(resolve, gap));
      await file.writeFile(original.replace(/^title: .*$/m, `title: ${title}`));
      await file.close();
      await until(() => tab.events.slice(from).some((e) => e.name === 'reload') && tab.events.length > from, dev.output);
      // The one reload is to the whole save: the build of the half is never shown.
      expect(await titleOf(edited!.route)).toBe(title);
      // Past the watcher's recheck: nothing more comes, and nothing came that spoke of the empty half.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const heard = tab.events.slice(from).filter((e) => e.name !== 'progress');
      expect(heard.map((e) => e.name)).toEqual(['reload']);
    }
    await write(original);
    tab.close();
  });

  it("draws the problems over the page in a real browser, under the site's own Content-Security-Policy, and reloads when fixed", async () => {
    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(dev.url + edited!.route);
    await page.waitForFunction(
      () => (window as unknown as { performance: Performance }).performance.getEntriesByName(`${location.origin}/__site/live.js`).length > 0,
    );
    await write(original.replace(/^title: .*$/m, 'title: "{phone} unclosed'));
    const overlay = page.locator('#site-dev-overlay');
    await overlay.waitFor({ state: 'visible', timeout: 15_000 });
    const text = await overlay.innerText();
    expect(text).toContain(`${edited!.file}:`);
    expect(text).toMatch(/1 error in 1 file/);
    expect(text).toContain('unclosed');

    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await write(original);
    await reloaded;
    await expect(page.locator('#site-dev-overlay').count()).resolves.toBe(0);
    expect(await page.title()).toBe(edited!.data.title);
    expect(blocked).toEqual([]);
    await page.close();
  });

  it('keeps a half-written draft to its own tab: its problems there, and every other page updating as usual', async () => {
    // A new post as `site new` writes it: a draft full of TODO placeholders, and (a required field emptied) an error.
    const made = spawnSync(process.execPath, ['bin/site.js', 'new', 'post', '/blog/dev-half-written'], { cwd: root, encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const draftFile = /pages\/\S+dev-half-written\.md/.exec(made.stdout)![0];
    const draftRoute = draftFile.replace(/^pages/, '').replace(/\.md$/, '');
    const draftTab = await listen(dev.url, draftRoute);
    const problems = JSON.parse((await draftTab.next('problems', 0)).data) as { problems: { file: string; severity: string; code: string }[] };
    // Only the draft's own problems, and its placeholders as warnings: a build that leaves a draft out is not stopped by them.
    expect(new Set(problems.problems.map((p) => p.file))).toEqual(new Set([draftFile]));
    expect(problems.problems.filter((p) => p.code === 'placeholder').every((p) => p.severity === 'warning')).toBe(true);
    // Meanwhile an edit to another page reaches its tab, and the page changes.
    const otherTab = await listen(dev.url, other!.route);
    await otherTab.next('hello', 0);
    const otherText = await readFile(join(root, other!.file), 'utf8');
    const retitled = 'A page edited while a draft is half written';
    await writeFile(join(root, other!.file), otherText.replace(/^title: .*$/m, `title: ${retitled}`));
    await otherTab.next('reload');
    expect(await titleOf(other!.route)).toBe(retitled);
    // The other tab was never shown the draft's problems.
    expect(otherTab.events.filter((e) => e.name === 'problems')).toEqual([]);
    await writeFile(join(root, other!.file), otherText);
    await rm(join(root, draftFile));
    draftTab.close();
    otherTab.close();
  }, 60_000);

  it('shows a new phone photo at once by a quick stand-in, says how far its files are, then reloads with them', async () => {
    const post = posts[0]!;
    const text = await readFile(join(root, post.file), 'utf8');
    const name = '/images/blog/IMG_4000 dev test.JPG';
    const tab = await listen(dev.url, post.route);
    await tab.next('hello', 0);
    let printed = dev.output().length;
    const from = tab.events.length;
    await writeFile(join(root, 'static', name), await syntheticPhoto(4000, 3000, 4000));
    await writeFile(join(root, post.file), text.replace(/^featuredImage: .*$/m, `featuredImage: "${name}"`));
    // The build that shows the photo says so as it starts making its files: 4 widths in 3 formats, and the card
    // cut from it (with the cards a first run of the server has not finished drawing). The tab hears of other
    // builds too (the photo alone, if the watcher saw it first; share cards being drawn).
    let progress = await tab.next('progress', from, 60_000);
    while (!progress.data.includes('new photo')) progress = await tab.next('progress', tab.events.indexOf(progress) + 1, 60_000);
    expect(progress.data).toMatch(/^Making: new photo 0\/12 · share cards 0\/\d+$/);
    // Its reload came first: before any of the photo's files was made.
    const reload = tab.events.slice(from, tab.events.indexOf(progress)).findLast((e) => e.name === 'reload');
    expect(reload).toBeDefined();
    const html = await (await fetch(dev.url + post.route)).text();
    const src = /<img class="post-img" src="(\/assets\/images\/img-4000-dev-test-[0-9a-f]{10}-1600\.jpg)"/.exec(html)?.[1];
    expect(src, html).toBeDefined();
    // Its largest fallback, made last: until then a small JPEG that the browser must not keep.
    const early = await fetch(dev.url + src);
    const earlyMeta = await sharp(Buffer.from(await early.arrayBuffer())).metadata();
    if (early.headers.get('cache-control') === 'no-store') expect([earlyMeta.format, earlyMeta.width! <= 640]).toEqual(['jpeg', true]);
    else expect([earlyMeta.format, earlyMeta.width]).toEqual(['jpeg', 1600]);
    // Once every file is made, the tab reloads again and the real files are served, to be cached as usual.
    await until(() => /IMG_4000 dev test\.JPG made/.test(dev.output().slice(printed)), dev.output, 80);
    expect(tab.events.slice(tab.events.indexOf(progress)).some((e) => e.name === 'reload')).toBe(true);
    const avif = await fetch(dev.url + src!.replace(/\.jpg$/, '.avif'));
    expect(avif.headers.get('cache-control')).not.toBe('no-store');
    const meta = await sharp(Buffer.from(await avif.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 1600, 1200]);
    const terminal = dev.output().slice(printed);
    expect(terminal).toMatch(/Making 1 new photo \(12 files\) and \d+ share cards? in the background; pages show a quick version of each photo meanwhile/);
    expect(terminal).toMatch(/\/images\/blog\/IMG_4000 dev test\.JPG made \(\d+\.\d s after the build\), 1 tab reloaded/);
    // Put back, and built (its tab reloaded and the terminal told), before the next test reads the terminal.
    printed = dev.output().length;
    const before = tab.events.length;
    await writeFile(join(root, post.file), text);
    await tab.next('reload', before, 60_000);
    await until(() => /updated in \d+ ms/.test(dev.output().slice(printed)), dev.output);
    tab.close();
  }, 180_000);

  it('prints each rebuild in the terminal and is still running', async () => {
    expect(dev.output()).toMatch(/changed: 1 page updated in \d+ ms/);
    expect(dev.output()).toContain(edited!.file);
    expect((await fetch(dev.url + '/')).status).toBe(200);
  });

  it('answers requests while a long post is checked and rendered: the build runs on a thread of its own', async () => {
    // A post of 90,000 list lines (900 kB, within a file's limit) keeps the build busy for a second or more.
    const post = posts[1]!;
    const [, front] = /^---\n([\s\S]*?)\n---\n/.exec(await readFile(join(root, post.file), 'utf8'))!;
    const document = parseDocument(front!);
    for (const field of ['title', 'seoTitle']) if (document.has(field)) document.set(field, 'A post that is one long list');
    if (document.has('metaDescription'))
      document.set('metaDescription', 'A post of ninety thousand list lines, which keeps the dev server’s build busy for a while.');
    const file = post.file.replace(/[^/]+\.md$/, 'dev-test-long-list.md');
    const printed = dev.output().length;
    // The rebuild of this post: a line of another change's rebuild (a photo's variants made late) may come first.
    const rebuilt = () =>
      dev
        .output()
        .slice(printed)
        .split('\n')
        .map((line) => (line.includes(file) ? /updated in (\d+) ms/.exec(line)?.[1] : undefined))
        .find((ms) => ms !== undefined);
    // Saved whole, as an editor saves (written aside, then renamed): written in place, 900 kB go in several writes,
    // and a build of the first of them (a shorter post, which reads well) is a build of a few milliseconds.
    const aside = join(root, 'dev-test-long-list.md.tmp');
    await writeFile(aside, `---\n${document.toString()}---\n\n${'- an item\n'.repeat(90_000)}`);
    await rename(aside, join(root, file));
    const waits: number[] = [];
    const deadline = Date.now() + 40_000;
    while (rebuilt() === undefined) {
      if (Date.now() > deadline) throw new Error(`no rebuild printed:\n${dev.output().slice(printed)}`);
      const start = performance.now();
      const response = await fetch(`${dev.url}${other!.route}`);
      await response.arrayBuffer();
      if (rebuilt() === undefined) waits.push(performance.now() - start);
      await new Promise((done) => setTimeout(done, 25));
    }
    const took = Number(rebuilt());
    // On the server's thread the build held every request until it ended: one request, waiting as long as the build.
    expect(took, 'the build took long enough for the check to mean something').toBeGreaterThan(300);
    expect(waits.length, `requests answered during a ${took} ms build`).toBeGreaterThanOrEqual(3);
    expect(Math.max(...waits), `the longest wait during a ${took} ms build`).toBeLessThan(took / 2);
  }, 60_000);
});
