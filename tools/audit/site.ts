// The site under audit: built by the project's own command, its pages read
// from the output folder, and the two facts of site.yaml the gates need.

import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

export interface SiteFacts {
  /** Production origin, e.g. `https://www.example.com`: links to it are links to this site. */
  baseOrigin: string;
  /** Origin the lead form posts to (site.yaml form.action), or null when the form posts to the site itself or there is none. */
  formOrigin: string | null;
}

/** Reads site.yaml's baseUrl (SITE_BASE_URL overrides it, as it does for the build) and form.action. Pure. */
export function siteFacts(siteYaml: string, env: Record<string, string | undefined> = {}): SiteFacts {
  const data = (parse(siteYaml) ?? {}) as { baseUrl?: unknown; form?: { action?: unknown } };
  const base = env.SITE_BASE_URL || (typeof data.baseUrl === 'string' ? data.baseUrl : 'https://www.example.com');
  const action = typeof data.form?.action === 'string' ? data.form.action.replace(/\{[^}]*\}/g, 'x') : null;
  let formOrigin: string | null = null;
  if (action && /^https?:\/\//i.test(action)) formOrigin = new URL(action).origin;
  return { baseOrigin: new URL(base).origin, formOrigin };
}

export interface BuildOutcome {
  ok: boolean;
  /** What the CLI printed (its summary line, or its diagnostics). */
  output: string;
  ms: number;
}

/** `node bin/site.js build --out <out>`: the build exactly as a developer runs it, diagnostics and all. */
export function buildSite(root: string, out: string): Promise<BuildOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'bin/site.js'), 'build', '--out', out], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ ok: false, output: error.message, ms: Date.now() - started }));
    child.on('close', (status) => resolve({ ok: status === 0, output: output.trim(), ms: Date.now() - started }));
  });
}

/** Every file under `dir`, relative to it, with forward slashes. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).replace(/\\/g, '/'))
    .sort();
}
