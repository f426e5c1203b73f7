// The browser editor at /admin/ as the office manager uses it, in Chromium against `site dev` on a
// copy of the project: the main phone changed in the form (both of its forms) and published; the
// file on disk then holds the new number, keeps everything else as it was, still checks clean, and
// the home page shows the number. Then a new post: a title another post has is pointed out in the
// preview before anything is published; with its own title, a phone photo uploaded through the
// editor, it is saved as a draft, then published, and `site build` makes the photo's AVIF and WebP.
// The number, the other post and its category are read from the content, so editing it keeps this
// test true.
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'yaml';
import { copyProject, removeCopy } from './helpers/project-copy.ts';
import { startDevProcess, type RunningDev } from './helpers/dev-server.ts';
import { launchBrowser } from './helpers/browser.ts';
import { pagesOf, posts } from './helpers/content.ts';
import { cameraPhoto } from './helpers/camera-photo.ts';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { serve } from 'trn-site/serve';

let root: string;
let dev: RunningDev;
let browser: Browser;
let before: string;

beforeAll(async () => {
  root = await copyProject('cms');
  before = await readFile(join(root, 'site.yaml'), 'utf8');
  [dev, browser] = await Promise.all([startDevProcess(root), launchBrowser()]);
}, 90_000);

afterAll(async () => {
  await dev?.stop();
  await browser?.close();
  await removeCopy(root);
});

/** Another number of the same exchange: the last two digits moved on, in both forms. */
function anotherPhone(phone: { e164: string; display: string }): { e164: string; display: string } {
  const last = phone.e164.slice(-2);
  const next = String((Number(last) + 37) % 100).padStart(2, '0');
  const display = phone.display.replace(new RegExp(`${last}(\\D*)$`), `${next}$1`);
  return { e164: phone.e164.slice(0, -2) + next, display };
}

/** Replaces a field's text as a person does, selecting what is there and typing over it (the editor's inputs add to a value filled in at once). */
async function retype(field: ReturnType<Page['getByLabel']>, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Delete');
  await field.pressSequentially(text);
}

/** Opens the editor as a visitor of the dev server does, logged in to the local backend. */
async function openEditor(width: number): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`${dev.url}/admin`);
  await page.getByRole('button', { name: 'Login' }).click();
  return { page, problems };
}

describe('the browser editor in site dev', () => {
  it('serves /admin with its own policy, kept out of search, and refuses the local backend to other sites', async () => {
    const response = await fetch(`${dev.url}/admin/editor`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('/__site/live.js');
    const config = await (await fetch(`${dev.url}/admin/config.yml`)).text();
    expect(parse(config).local_backend.url).toBe(`${dev.url}/admin/api/v1`);
    const info = { method: 'POST', body: JSON.stringify({ action: 'info' }) };
    expect((await fetch(`${dev.url}/admin/api/v1`, { ...info, headers: { 'Content-Type': 'application/json' } })).status).toBe(200);
    // Another site's page, a form post (no preflight), a rebound DNS name: refused, and nothing read.
    expect((await fetch(`${dev.url}/admin/api/v1`, { ...info, headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' } })).status).toBe(
      403,
    );
    expect((await fetch(`${dev.url}/admin/api/v1`, { ...info, headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    const rebound = await new Promise<number | undefined>((done, fail) => {
      const url = new URL(`${dev.url}/admin/api/v1`);
      const headers = { Host: 'rebound.example', 'Content-Type': 'application/json' };
      request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => done(res.resume().statusCode))
        .on('error', fail)
        .end(info.body);
    });
    expect(rebound).toBe(403);
    // The preview builds a page file from a form's values, for this server's pages only, and nothing else.
    const preview = (body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${dev.url}/admin/api/preview`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...extra } });
    const about = pagesOf('about')[0]!;
    const answer = await preview({ file: about.file, data: { ...about.data, title: `Previewed, test ${process.pid}` } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { html: string }).html).toContain(`Previewed, test ${process.pid}`);
    for (const file of ['site.yaml', 'templates/index.ts', 'pages/../site.yaml', 'pages/.hidden.yaml', '/etc/passwd.yaml'])
      expect((await preview({ file, data: {} })).status, file).toBe(400);
    expect((await preview({ file: about.file, data: about.data }, { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('changes the main phone, both forms, and publishes: site.yaml holds it and nothing else changed, it checks clean, and the home page shows it', async () => {
    const site = parse(before) as { phones: { main: { e164: string; display: string } } };
    const next = anotherPhone(site.phones.main);
    const { page, problems } = await openEditor(1280);
    await page.getByText('Site settings').click();
    const e164 = page.getByLabel('E164').first();
    await expect.poll(() => e164.inputValue()).toBe(site.phones.main.e164);
    await e164.fill(next.e164);
    await page.getByLabel('Display').first().fill(next.display);
    await page.getByRole('button', { name: 'Publish' }).first().click();
    await page.getByText('Publish now').click();
    await expect.poll(async () => (parse(await readFile(join(root, 'site.yaml'), 'utf8')) as typeof site).phones.main, { timeout: 15_000 }).toEqual(next);

    // Only the two values changed: every comment, quote and folded line of the file is as it was.
    const after = await readFile(join(root, 'site.yaml'), 'utf8');
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(after.split('\n').length).toBe(before.split('\n').length);
    expect(changed.map((line) => line.trim())).toEqual([`e164: "${next.e164}"`, `display: ${next.display}`]);

    const check = spawnSync(process.execPath, [join(root, 'bin/site.js'), 'check'], { cwd: root, encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);

    await expect.poll(async () => (await fetch(`${dev.url}/`)).text(), { timeout: 15_000 }).toContain(`href="tel:${next.e164}"`);
    const home = await browser.newPage();
    await home.goto(`${dev.url}/`);
    expect(await home.content()).toContain(next.display);
    await home.close();
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);

  it('shows the page as the site renders it from the form, before anything is saved, and the problems that would stop the build', async () => {
    const target = pagesOf('location').find((p) => typeof p.data.hero?.lead === 'string')!;
    const folder = target.file.slice('pages/'.length, target.file.lastIndexOf('/'));
    const onDisk = await readFile(join(root, target.file), 'utf8');
    const { page, problems } = await openEditor(1280);
    await page.getByTestId(['location', ...folder.split('/')].join('-')).click();
    await page.getByText(String(target.data.title), { exact: true }).click();
    const lead = `A lead typed in the browser editor and not saved, test ${process.pid}.`;
    await retype(page.getByLabel('Lead').first(), lead);
    const shown = page.frameLocator('iframe').frameLocator('[data-preview-page]');
    await expect.poll(() => shown.locator('main').textContent(), { timeout: 30_000 }).toContain(lead);
    // The page around it is the site's: its header shows the business's phone.
    expect(await shown.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);

    // A title removed: the page would not build, and the preview says where, as the build would.
    await retype(page.getByLabel('Title', { exact: true }), '');
    const refused = page.frameLocator('iframe').locator('[data-preview-build]');
    await expect.poll(() => refused.textContent(), { timeout: 30_000 }).toContain(`${target.file}:`);
    // Nothing was saved.
    expect(await readFile(join(root, target.file), 'utf8')).toBe(onDisk);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('writes a new post with a phone photo: a title another post has is pointed out before publishing; saved as a draft, then published, it builds with its photo in AVIF and WebP', async () => {
    const other = posts[0]!;
    const folder = other.file.slice(0, other.file.lastIndexOf('/'));
    const photo = join(tmpdir(), `cms-phone-photo-${process.pid}.jpg`);
    await writeFile(photo, await cameraPhoto('jpeg', 1600, 1200));
    const { page, problems } = await openEditor(1280);
    await page.getByTestId(`post-${folder.split('/').pop()}`).click();
    await page.getByRole('link', { name: /Create entry of type/ }).click();

    // Another post's title and SEO title: the preview says so, whichever of the two the head takes.
    await page.getByLabel('Title', { exact: true }).fill(String(other.front.title));
    await page.getByLabel('Seo title').fill(String(other.front.seoTitle ?? other.front.title));
    const preview = page.frameLocator('iframe');
    await expect.poll(() => preview.locator('[data-preview-problems]').textContent()).toContain(`Another page has this title: ${other.file}`);

    const title = `A post written in the browser editor, test ${process.pid}`;
    await retype(page.getByLabel('Title', { exact: true }), title);
    await retype(page.getByLabel('Seo title'), `Browser editor test ${process.pid}`);
    await expect.poll(() => preview.locator('[data-preview-ok]').count()).toBe(1);
    await page.getByLabel('Excerpt').first().fill('An excerpt long enough for the schema, written in the browser editor by a test.');
    await page.getByLabel('Featured image alt').fill('A photo from a phone, uploaded through the editor');
    await page.getByLabel('Author').fill('A test of the editor');
    await page.getByLabel('Meta description').fill(`A meta description from the browser editor test ${process.pid}, long enough for search results.`);
    await page.getByLabel('Category').first().click();
    await page.keyboard.type(String(other.front.category));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Choose an image/i }).click();
    await page.locator('input[type=file]').first().setInputFiles(photo);
    await page.getByRole('button', { name: /Choose selected/i }).click();
    await page.locator('[contenteditable=true]').last().click();
    await page.keyboard.type('A paragraph written in the browser editor, under a photo from a phone.');

    // A new post starts as a draft, as `site new` writes one.
    await page.getByRole('button', { name: 'Publish' }).first().click();
    await page.getByText('Publish now').click();
    const saved = () => readdirSync(join(root, folder)).find((name) => name.startsWith('a-post-written-in-the-browser-editor'));
    await expect.poll(saved, { timeout: 15_000 }).toBeTruthy();
    const file = join(root, folder, saved()!);
    const front = () => readFile(file, 'utf8').then((text) => parse(text.split('\n---\n')[0]!.replace(/^---\n/, '')) as Record<string, unknown>);
    expect(await front()).toMatchObject({ title, draft: true, featuredImage: '/images/cms-phone-photo-' + process.pid + '.jpg' });
    expect(existsSync(join(root, 'static/images', `cms-phone-photo-${process.pid}.jpg`))).toBe(true);

    // Published: the draft switch off, and published again.
    const draft = page.getByRole('switch', { name: /^Draft/ });
    await expect.poll(() => draft.getAttribute('aria-checked')).toBe('true');
    await draft.click();
    // The editor takes the change before it is published: it says so at the top.
    await expect.poll(() => page.getByText(/unsaved changes/i).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Publish' }).first().click();
    await page.getByText('Publish now').click();
    await expect.poll(async () => (await front()).draft, { timeout: 15_000 }).toBe(false);

    const build = spawnSync(process.execPath, [join(root, 'bin/site.js'), 'build'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const slug = saved()!.replace(/\.md$/, '');
    const html = await readFile(join(root, 'dist', folder.replace(/^pages\/?/, ''), `${slug}.html`), 'utf8');
    const variants = [...html.matchAll(/[^\s"',]*cms-phone-photo-[^\s"',]*\.(avif|webp)/g)].map((m) => m[0]);
    expect(variants.some((v) => v.endsWith('.avif'))).toBe(true);
    expect(variants.some((v) => v.endsWith('.webp'))).toBe(true);
    for (const variant of variants) expect(existsSync(join(root, 'dist', variant)), variant).toBe(true);
    // The picture's preview asks for it before the upload is saved: a 404 then, and nothing else.
    expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    await page.close();
    await rm(photo, { force: true });
  }, 150_000);
});

describe('the browser editor in the built site', () => {
  it('is written by site build and runs under its own policy as the CDN serves it: /admin leads to it, its login shows, nothing is refused', async () => {
    const out = join(root, 'dist-editor');
    const env = { ...process.env, SITE_CMS_REPO: 'example-owner/example-site', SITE_CMS_BRANCH: 'main' };
    const build = spawnSync(process.execPath, [join(root, 'bin/site.js'), 'build', '--out', out], { cwd: root, encoding: 'utf8', env });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const config = parse(await readFile(join(out, 'admin/config.yml'), 'utf8'));
    expect(config.backend).toMatchObject({ name: 'github', repo: env.SITE_CMS_REPO, branch: 'main' });
    expect(config.local_backend).toBeUndefined();
    // Decap's files are copies: a tool that rewrites dist/ in place must not rewrite the package in node_modules/.
    const decap = join(root, 'node_modules/decap-cms/dist');
    for (const name of readdirSync(join(out, 'admin')).filter((n) => existsSync(join(decap, n)))) {
      expect(statSync(join(out, 'admin', name)).ino, name).not.toBe(statSync(join(decap, name)).ino);
      expect(await readFile(join(out, 'admin', name))).toEqual(await readFile(join(decap, name)));
    }
    const server = await serve({ dir: out, port: 0 });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      // The page's own policy violations are reported to it: the policy must let Decap run, or it is refused here.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => console.error(`policy: ${event.violatedDirective} ${event.blockedURI}`));
      });
      await page.goto(`${server.url}/admin`);
      expect(new URL(page.url()).pathname).toBe('/admin/editor');
      await page.getByRole('button', { name: /Login with GitHub/i }).waitFor({ timeout: 30_000 });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  }, 120_000);
});
