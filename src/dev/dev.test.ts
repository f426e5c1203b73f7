// startDev() with a broken site.yaml: the overlay shows site.yaml's own located problems (never
// "the generator failed"), and a site.yaml that is a named pipe is refused at its path without
// the server, or the code frame it reads for the overlay, waiting on it.
import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevServer } from './dev.ts';
import type { OverlayReport } from './problems.ts';
import { copyFixture, type Project } from '../../tests/helpers/fixture.ts';

let project: Project;
let dev: DevServer;
let site: string;

beforeAll(async () => {
  project = await copyFixture();
  site = await readFile(join(project.root, 'site.yaml'), 'utf8');
  dev = await startDev({ root: project.root, port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await dev?.close();
  await project?.remove();
});

/** The overlay's report once it satisfies `ready`, as a tab would fetch it after the watcher saw the change. */
async function problemsWhen(ready: (report: OverlayReport) => boolean): Promise<OverlayReport> {
  const until = Date.now() + 20_000;
  for (;;) {
    await dev.settled();
    const report = (await (await fetch(`${dev.url}/__site/problems.json`)).json()) as OverlayReport;
    if (ready(report) || Date.now() > until) return report;
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('site dev with a broken site.yaml', () => {
  it('shows the wrong-typed field at its line in site.yaml, with the lines around it', async () => {
    await writeFile(join(project.root, 'site.yaml'), site.replace('name: Fixture Electric', 'name: 5'));
    const report = await problemsWhen((r) => r.problems.length > 0);
    expect(report.problems.map((p) => [p.file, p.line, p.code, p.message])).toEqual([['site.yaml', 2, 'schema', 'must be text']]);
    expect(report.problems[0]!.frame?.rows.find((row) => row.marked)?.line).toBe(2);
  });

  it('shows a syntax mistake at its line, not a failure of the generator', async () => {
    await writeFile(join(project.root, 'site.yaml'), `${site}x: [unclosed\n`);
    const report = await problemsWhen((r) => r.problems.some((p) => p.code === 'yaml-syntax'));
    expect(report.problems.map((p) => [p.file, p.line, p.code])).toEqual([['site.yaml', site.split('\n').length, 'yaml-syntax']]);
  });

  it('refuses a site.yaml that is a named pipe at its path, and keeps answering', async () => {
    // A server started on the pipe: its first build reads it (a watcher may not report a pipe appearing).
    await dev.close();
    await rm(join(project.root, 'site.yaml'));
    execFileSync('mkfifo', [join(project.root, 'site.yaml')]);
    dev = await startDev({ root: project.root, port: 0, host: '127.0.0.1' });
    const report = await problemsWhen((r) => r.problems.some((p) => p.code === 'file-refused'));
    expect(report.problems.map((p) => [p.file, p.line, p.code, p.frame])).toEqual([['site.yaml', 1, 'file-refused', null]]);
    expect((await fetch(`${dev.url}/`)).status).toBe(200);
  });
});
