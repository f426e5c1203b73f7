// Injection (npm run test:hardening): over 40 payloads written by a hostile editor
// into a text field, a link field and an article's body. Each is either refused with
// a message located in its file, or rendered inert: the accepted ones are built
// into one site, served with its own security headers, and every page that holds
// one is opened in Chromium, which must show no dialog, run no payload and
// report no Content-Security-Policy violation.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { build } from 'trn-site/internal/build.ts';
import { ContentError, type Diagnostic } from 'trn-site/internal/contracts/diagnostics.ts';
import { serve } from 'trn-site/serve';
import { copyFixture, type Project } from '../helpers/fixture.ts';
import { launchBrowser } from '../helpers/browser.ts';

const RUN = 'window.__pwned=1';
const PAYLOADS = [
  `<script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<img src="x" onerror=${RUN}>`,
  `<svg onload="${RUN}">`,
  `"><script>${RUN}</script>`,
  `'><script>${RUN}</script>`,
  `javascript:${RUN}`,
  `JaVaScRiPt:${RUN}`,
  ` javascript:${RUN}`,
  `java\tscript:${RUN}`,
  `data:text/html,<script>${RUN}</script>`,
  'vbscript:msgbox(1)',
  `<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>`,
  `<iframe src="javascript:parent.__pwned=1"></iframe>`,
  `<style>body{background:url("javascript:${RUN}")}</style>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:${RUN}//">`,
  `<form action="javascript:${RUN}"><button>x</button></form>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="javascript:${RUN}">`,
  `<a href="javascript:${RUN}">x</a>`,
  `<a href="&#106;avascript:${RUN}">x</a>`,
  `<a href="jav&#x09;ascript:${RUN}">x</a>`,
  `<details open ontoggle="${RUN}">x</details>`,
  `<body onload="${RUN}">`,
  `<input autofocus onfocus="${RUN}">`,
  `<video><source onerror="${RUN}"></video>`,
  `<math><mi xlink:href="javascript:${RUN}">x</mi></math>`,
  `<scr<script>ipt>${RUN}</script>`,
  `<<script>script>${RUN}<</script>/script>`,
  `<!--<script>${RUN}</script>-->`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<a href="#" style="x:expression(${RUN})">x</a>`,
  `<div style="background-image:url(javascript:${RUN})">x</div>`,
  `<link rel="stylesheet" href="javascript:${RUN}">`,
  `<img srcset="javascript:${RUN}">`,
  `{{constructor.constructor('${RUN}')()}}`,
  `\${${RUN}}`,
  `</textarea><script>${RUN}</script>`,
  `</title><script>${RUN}</script>`,
  `</script><script>${RUN}</script>`,
  `<svg><a xlink:href="javascript:${RUN}"><text y="20">x</text></a></svg>`,
  `\u2028<script>${RUN}</script>`,
  `[x](javascript:${RUN})`,
  `![x](javascript:${RUN})`,
  `<a href="https://example.com/" onmouseover="${RUN}">x</a>`,
];

interface Variant {
  field: 'text' | 'link' | 'article';
  index: number;
  file: string;
  /** The page the variant shows on. */
  route: string;
}

let project: Project;
let browser: Browser;
const accepted: Variant[] = [];
const refused: { variant: Variant; problems: Diagnostic[] }[] = [];

/** Writes one variant into the fixture; returns the file and the route that shows it. */
async function write(field: Variant['field'], index: number, payload: string): Promise<Variant> {
  const yaml = JSON.stringify(payload);
  const n = String(index).padStart(2, '0');
  if (field === 'article') {
    const file = `pages/blog/injected-${n}.md`;
    await project.write(
      file,
      `---\ntemplate: article\ntitle: Injected article ${n}\npublishDate: 2024-03-0${1 + (index % 9)}\n---\nA article with a payload.\n\n${payload}\n`,
    );
    return { field, index, file, route: `/blog/injected-${n}` };
  }
  const file = `pages/injected/${field}-${n}.yaml`;
  const link = field === 'link' ? `links:\n  - label: A link\n    href: ${yaml}\n` : '';
  await project.write(
    file,
    `# yaml-language-server: $schema=../../schemas/page.json\ntemplate: page\ntitle: Injected ${field} ${n}\ndescription: A page of the hardening suite that carries payload ${n} in its ${field} field, to be refused or made inert.\nheading: ${field === 'text' ? yaml : 'A heading'}\n${link}`,
  );
  return { field, index, file, route: `/injected/${field}-${n}` };
}

async function remove(variant: Variant): Promise<void> {
  const { rm } = await import('node:fs/promises');
  await rm(join(project.root, variant.file), { force: true });
}

beforeAll(async () => {
  [project, browser] = await Promise.all([copyFixture(), launchBrowser()]);
  // Each variant alone: refused (with its problems) or accepted.
  for (const field of ['text', 'link', 'article'] as const) {
    for (const [index, payload] of PAYLOADS.entries()) {
      const variant = await write(field, index, payload);
      const outcome = await build({ root: project.root, write: false, editorSchemas: false }).then(
        () => null,
        (error: unknown) => error,
      );
      if (outcome === null) accepted.push(variant);
      else {
        expect(outcome, `${field} ${index}`).toBeInstanceOf(ContentError);
        refused.push({ variant, problems: (outcome as ContentError).diagnostics });
      }
      await remove(variant);
    }
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await project?.remove();
});

describe('injected content', () => {
  it(`is refused where it is written, or accepted (${PAYLOADS.length} payloads in each of three fields)`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
    for (const { variant, problems } of refused) {
      const errors = problems.filter((d) => d.severity === 'error');
      expect(errors.length, `${variant.field} ${variant.index}`).toBeGreaterThan(0);
      // Every error is in the file the payload was written to, at a line of it.
      expect(
        errors.filter((d) => d.file !== variant.file || d.line < 1).map((d) => `${d.file}:${d.line} ${d.message}`),
        `${variant.field} ${variant.index}`,
      ).toEqual([]);
    }
    console.log(
      `injection: ${PAYLOADS.length} payloads × 3 fields: ${refused.length} refused at their file and line, ${accepted.length} accepted and opened in Chromium`,
    );
  });

  it('renders every accepted payload inert: no dialog, no payload run, no policy violation', async () => {
    for (const variant of accepted) await write(variant.field, variant.index, PAYLOADS[variant.index]!);
    const out = join(project.root, 'dist');
    await build({ root: project.root, editorSchemas: false });
    const server = await serve({ dir: out, port: 0 });
    const dialogs: string[] = [];
    const ran: string[] = [];
    const violations: string[] = [];
    try {
      const context = await browser.newContext();
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          ((window as unknown as { __violations?: string[] }).__violations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      for (const variant of accepted) {
        const tab = await context.newPage();
        tab.on('dialog', (dialog) => {
          dialogs.push(`${variant.route}: ${dialog.message()}`);
          void dialog.dismiss();
        });
        await tab.goto(server.url + variant.route, { waitUntil: 'load' });
        // Links a visitor would follow: hovered and focused, as an attacker hopes they will be.
        for (const link of await tab.locator('main a, h1, ul a').all()) await link.hover({ timeout: 1000 }).catch(() => undefined);
        await tab.waitForTimeout(50);
        const state = await tab.evaluate(() => ({
          pwned: (window as unknown as { __pwned?: number }).__pwned,
          violations: (window as unknown as { __violations?: string[] }).__violations ?? [],
        }));
        if (state.pwned !== undefined) ran.push(`${variant.field} ${variant.index}`);
        violations.push(...state.violations.map((v) => `${variant.route}: ${v}`));
        await tab.close();
      }
      await context.close();
    } finally {
      await server.close();
    }
    console.log(
      `injection in Chromium: ${accepted.length} pages, ${dialogs.length} dialogs, ${ran.length} payloads run, ${violations.length} policy violations`,
    );
    expect({ dialogs, ran, violations }).toEqual({ dialogs: [], ran: [], violations: [] });
  }, 300_000);
});
