// The preview server under load and abuse (npm run test:hardening): `site serve`
// in its own process, 200 keep-alive connections asking for pages as a browser
// does (Accept-Encoding: br, gzip) for 20 seconds; then requests an attacker
// would send. Figures are printed, not asserted (the machine is shared); what is
// asserted is that nothing fails and nothing outside the folder is ever served.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'trn-site/internal/build.ts';

const CONNECTIONS = 200;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
// Beside the served folder: no request may ever read it.
const SECRET = 'not-for-the-web-7f3a';

let folder: string;
let server: ChildProcess;
let port: number;
let routes: string[];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'site-load-'));
  const result = await build({ root: '.', out: join(folder, 'dist'), editorSchemas: false });
  routes = result.pages.map((page) => page.route).filter((route) => route !== '/404');
  await writeFile(join(folder, 'secret.txt'), SECRET);
  server = spawn(process.execPath, [resolve('bin/site.js'), 'serve', '--out', join(folder, 'dist'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  port = await new Promise<number>((done, fail) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /http:\/\/[^:]+:(\d+)/.exec(out);
      if (found) done(Number(found[1]));
    });
    server.once('exit', (code) => fail(new Error(`site serve exited with ${code}: ${out}`)));
  });
}, 120_000);

afterAll(async () => {
  server?.kill();
  await rm(folder, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: string;
}

function request(path: string, options: { method?: string; headers?: Record<string, string>; agent?: http.Agent } = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, body: Buffer.concat(chunks).toString('latin1') }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

describe('site serve', () => {
  it(
    `answers ${CONNECTIONS} connections for ${SECONDS} s without an error`,
    async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      const headers = { 'Accept-Encoding': 'br, gzip', Accept: 'text/html,*/*;q=0.8', 'User-Agent': 'Mozilla/5.0 (hardening)' };
      const times: number[] = [];
      const failures: string[] = [];
      const until = performance.now() + SECONDS * 1000;
      let next = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < until) {
            const route = routes[next++ % routes.length]!;
            const started = performance.now();
            try {
              const answer = await request(route, { headers, agent });
              if (answer.status !== 200) failures.push(`${route}: ${answer.status}`);
            } catch (error) {
              failures.push(`${route}: ${(error as Error).message}`);
            }
            times.push(performance.now() - started);
          }
        }),
      );
      agent.destroy();
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))]!.toFixed(1);
      console.log(
        `server load: ${times.length} requests in ${SECONDS} s over ${CONNECTIONS} connections, ${(times.length / SECONDS).toFixed(0)} requests/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${failures.length} errors`,
      );
      expect(failures.slice(0, 5)).toEqual([]);
    },
    (SECONDS + 60) * 1000,
  );

  it.each([
    ['/../secret.txt'],
    ['/..%2fsecret.txt'],
    ['/%2e%2e/secret.txt'],
    ['/%2e%2e%2fsecret.txt'],
    ['/..%5csecret.txt'],
    ['/..\\secret.txt'],
    ['/%252e%252e/secret.txt'],
    ['/.%2e/secret.txt'],
    ['/%c0%ae%c0%ae/secret.txt'],
    ['/assets/../../secret.txt'],
    ['//secret.txt'],
    ['/%00'],
    ['/%E0%A4%A'],
    ['/%'],
    [`/${'a'.repeat(20_000)}`],
    ['/index.html%00.txt'],
    ['/?q=' + '%'.repeat(1000)],
  ])('never serves a file outside the folder, and answers %s sensibly', async (path) => {
    const answer = await request(path);
    expect(answer.body).not.toContain(SECRET);
    expect([200, 301, 302, 308, 400, 404, 414, 431]).toContain(answer.status);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND'])('answers %s with 405', async (method) => {
    expect((await request('/', { method })).status).toBe(405);
  });

  it(`serves the previous build until the next is whole: every page answers 200 while \`site build\` replaces the folder ${BUILDS} times`, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const statuses = new Map<string, number>();
    let polling = true;
    let next = 0;
    const poll = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (polling) {
          const route = routes[next++ % routes.length]!;
          const answer = await request(route, { agent }).catch((error: Error) => ({ status: 0, body: error.message }));
          const key = answer.status === 200 ? '200' : `${answer.status} ${route}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }),
    );
    // The real CLI, in its own process, so the polling never waits on a build's work.
    for (let n = 0; n < BUILDS; n++) {
      const code = await new Promise<number | null>((done) =>
        spawn(process.execPath, [resolve('bin/site.js'), 'build', '--quiet', '--out', join(folder, 'dist')], { stdio: 'ignore' }).once('exit', done),
      );
      expect(code).toBe(0);
    }
    polling = false;
    await poll;
    agent.destroy();
    const answers = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(`server during builds: ${answers} requests over ${BUILDS} builds replacing the folder, ${answers - (statuses.get('200') ?? 0)} not 200`);
    expect([...statuses].filter(([key]) => key !== '200').slice(0, 5)).toEqual([]);
  }, 180_000);
});

/** Builds that replace the served folder while it is polled. */
const BUILDS = 10;
