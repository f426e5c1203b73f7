// Cloudflare Pages' own runtime on this machine: `wrangler pages dev` serves a
// build folder through workerd (Cloudflare's Workers runtime, a binary that
// comes from the npm registry) and the asset server Cloudflare runs in
// production, reading _redirects and _headers with Cloudflare's parsers.
// It needs no account and no network: metrics are off, and the one thing it
// tries to fetch (a sample of request metadata) falls back to a placeholder.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/**
 * The runtime's own dates: wrangler warns and falls back when asked for a
 * later one than its workerd knows, so the date is pinned with the package
 * (wrangler 3.114.17 ships workerd 2025-07-18). Raise both together.
 */
export const COMPATIBILITY_DATE = '2025-07-18';

export interface RunningPages {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  /** Versions as the packages report them: `wrangler 3.114.17, workerd 2025-07-18`. */
  versions: string;
  /** Everything wrangler printed so far, colours taken out. */
  output(): string;
  /** Milliseconds from the start until it answered. */
  startMs: number;
  close(): Promise<void>;
}

/** Starts `wrangler pages dev <dist>` on free loopback ports, with its state in `scratch`; resolves once it serves. */
export async function startPages(root: string, dist: string, scratch: string, timeoutMs = 90_000): Promise<RunningPages> {
  const started = Date.now();
  const wrangler = packageDir(root, 'wrangler');
  const [port, inspector] = [await freePort(), await freePort()];
  const args = [
    join(wrangler, 'bin/wrangler.js'),
    'pages',
    'dev',
    dist,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspector),
    '--compatibility-date',
    COMPATIBILITY_DATE,
    '--persist-to',
    join(scratch, 'state'),
    '--show-interactive-dev-session=false',
    '--live-reload=false',
  ];
  const child = spawn(process.execPath, args, {
    cwd: scratch,
    // Its own process group, so that closing ends workerd too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its settings, logs and caches go to the scratch folder too, not to the home folder.
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_LOG_PATH: join(scratch, 'logs'),
      XDG_CONFIG_HOME: join(scratch, 'config'),
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      CI: 'true',
    },
  });
  let text = '';
  const read = (chunk: Buffer) => (text += chunk.toString().replace(/\x1b\[[0-9;]*m/g, ''));
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  };

  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(origin, () => child.exitCode !== null, timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; wrangler printed:\n${text}`, { cause: error });
  }
  return {
    origin,
    versions: `wrangler ${versionOf(wrangler)}, workerd ${versionOf(packageDir(wrangler, 'workerd'))}`,
    output: () => text,
    startMs: Date.now() - started,
    close: stop,
  };
}

async function waitUntilServing(origin: string, exited: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('wrangler pages dev stopped before it served anything');
    try {
      await (await fetch(origin + '/', { redirect: 'manual' })).arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`wrangler pages dev did not answer within ${timeoutMs / 1000} s`);
}

/** The folder of a package as `from` (a package's folder) resolves it. */
function packageDir(from: string, name: string): string {
  return dirname(createRequire(join(from, 'package.json')).resolve(`${name}/package.json`));
}

function versionOf(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A loopback port free at the moment of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * What Cloudflare's parsers said of the files, from wrangler's output: how many
 * rules of each file they accepted, and each line they refused, with its place
 * ("Found 2 invalid redirect rules:" is followed by a "▶︎ message" per rule and,
 * where it has one, an "at file:line | text" line).
 */
export function cloudflareReading(output: string): { redirects: number | null; headers: number | null; refused: string[] } {
  const count = (kind: string) => {
    const match = new RegExp(`Parsed (\\d+) valid ${kind} rules?`).exec(output);
    return match ? Number(match[1]) : null;
  };
  const refused: string[] = [];
  for (const line of output.split('\n')) {
    if (/^\s*▶/.test(line)) refused.push(line.replace(/^\s*▶\uFE0E?\s*/, '').trim());
    else if (/^\s+at \S*_(redirects|headers)(:\d+)? \|/.test(line) && refused.length > 0) refused[refused.length - 1] += ` (${line.trim()})`;
  }
  return { redirects: count('redirect'), headers: count('header'), refused };
}
