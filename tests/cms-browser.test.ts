// The browser editor at /admin/ as the office manager uses it, in Chromium against `site dev` on a
// copy of the project: the main phone changed in the form (both of its forms) and published; the
// file on disk then holds the new number, keeps everything else as it was, still checks clean, and
// the home page shows the number. The number is derived from site.yaml, so a new phone there keeps
// this test true.
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

/** Opens the editor as a visitor of the dev server does, logged in to the local backend. */
async function openEditor(width: number): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`${dev.url}/admin/`);
  await page.getByRole('button', { name: 'Login' }).click();
  return { page, problems };
}

describe('the browser editor in site dev', () => {
  it('serves /admin/ with its own policy, kept out of search, and refuses the local backend to other sites', async () => {
    const response = await fetch(`${dev.url}/admin/`);
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
});
