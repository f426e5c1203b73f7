import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from './server.ts';

// A secret beside the site root: no response may ever contain it.
const SECRET = `TOP-SECRET-${Math.random().toString(36).slice(2)}`;

const SITE: Record<string, string> = {
  'index.html': '<h1>home</h1>',
  'about.html': '<h1>about</h1>',
  'promo.html': '<h1>promo</h1>',
  'residential.html': '<h1>residential</h1>',
  'residential/panel-upgrades.html': '<h1>panel upgrades</h1>',
  '404.html': '<h1>custom not found</h1>',
  'assets/x-ABC.js': 'console.log("x");',
  'robots.txt': 'User-agent: *',
  _redirects: [
    '# legacy URLs',
    '/old-about      /about',
    '/temp           /about        302',
    '/news/*         /blog/:splat',
    '/spa/*          /index.html   200',
    '/gone/*         /404.html     404',
    '/about          /not-applied  # shadowed by about.html',
    '/promo          /about        302!',
    '/legacy.html    /about',
    '/external       https://example.com/x 302',
    '/leak           /link-out.txt 200',
    '/climb          /../secret.txt 200',
    'this line is not a rule',
  ].join('\n'),
  _headers: [
    '/*',
    '  X-Frame-Options: DENY',
    '/assets/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '/about',
    '  X-Page: about',
    '/old-about',
    '  X-Moved: yes',
  ].join('\n'),
};

let tmp: string;
let root: string;
let server: RunningServer;
const logLines: string[] = [];

async function writeSite(dir: string, files: Record<string, string>) {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'serve-test-'));
  root = path.join(tmp, 'dist');
  await writeSite(root, SITE);
  await fs.writeFile(path.join(tmp, 'secret.txt'), SECRET);
  await fs.writeFile(path.join(tmp, 'secret.html'), SECRET);
  // A sibling whose name shares the root's prefix: a naive startsWith check would let it in.
  await writeSite(path.join(tmp, 'dist-evil'), { 'secret.html': SECRET });
  // Symlinks inside the root that lead out of it, to a file and to a folder.
  await fs.symlink(path.join(tmp, 'secret.txt'), path.join(root, 'link-out.txt'));
  await fs.symlink(path.join(tmp, 'secret.html'), path.join(root, 'link-out-page.html'));
  await fs.symlink(tmp, path.join(root, 'outdir'));
  // A symlink that stays inside the root is fine.
  await fs.symlink(path.join(root, 'about.html'), path.join(root, 'link-in.html'));
  server = await serve({ dir: root, port: 0, log: (line) => logLines.push(line) });
});

afterAll(async () => {
  await server?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: Headers;
  body: string;
}

async function get(pathAndQuery: string, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(server.url + pathAndQuery, { redirect: 'manual', ...init });
  const body = await res.text();
  expect(body).not.toContain(SECRET);
  return { status: res.status, headers: res.headers, body };
}

/** A request with the path sent byte for byte (fetch would normalise `..` and `\`). */
async function raw(rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const reply = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: rawPath }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
  // Asserted here, not in the callback, so a leak fails the test instead of hanging it.
  expect(reply.body).not.toContain(SECRET);
  return reply;
}

describe('serve()', () => {
  it('listens on 127.0.0.1 and reports its URL and port', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('rejects when the port is taken', async () => {
    await expect(serve({ dir: root, port: server.port })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('static files and pretty URLs', () => {
  it.each([
    ['/', '<h1>home</h1>'],
    ['/about', '<h1>about</h1>'],
    ['/residential', '<h1>residential</h1>'],
    ['/residential/panel-upgrades', '<h1>panel upgrades</h1>'],
    ['/404', '<h1>custom not found</h1>'],
    ['/link-in', '<h1>about</h1>'],
  ])('%s → 200 html', async (url, body) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(res.body).toBe(body);
  });

  it.each([
    ['/assets/x-ABC.js', 'text/javascript; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
  ])('%s is served as is with %s', async (url, type) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
  });

  it.each([
    ['/about/', '/about'],
    ['/about/?a=1&b=2', '/about?a=1&b=2'],
    ['/about.html', '/about'],
    ['/about.html?x=1', '/about?x=1'],
    ['/index.html', '/'],
    ['/index.html?x=1', '/?x=1'],
    ['/residential/', '/residential'],
    ['/residential/panel-upgrades/', '/residential/panel-upgrades'],
    ['/residential/panel-upgrades.html', '/residential/panel-upgrades'],
  ])('%s → 301 %s', async (url, location) => {
    const res = await get(url);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  it('answers 404 with the body of 404.html and the headers of the path', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.body).toBe('<h1>custom not found</h1>');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it.each(['/_redirects', '/_headers', '/_redirects/', '/_headers?x', '/_Headers'])('never serves %s', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('X-Frame-Options');
    expect(res.body).not.toContain('/old-about');
  });

  it('HEAD has the headers of GET and no body', async () => {
    const res = await get('/about', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String('<h1>about</h1>'.length));
    expect(res.headers.get('x-page')).toBe('about');
    expect(res.body).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('%s → 405 with Allow', async (method) => {
    const res = await get('/about', { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers If-None-Match with 304', async () => {
    const first = await get('/about');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/about', { headers: { 'If-None-Match': `W/"nope", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.get('x-page')).toBe('about');
    const changed = await get('/about', { headers: { 'If-None-Match': '"other"' } });
    expect(changed.status).toBe(200);
  });

  it('answers a byte range with 206 and its part, a range past the end with 416, and several ranges with the whole file', async () => {
    const whole = await get('/about', { headers: { 'Accept-Encoding': 'identity' } });
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const size = Buffer.byteLength(whole.body);
    const first = await get('/about', { headers: { Range: 'bytes=0-9', 'Accept-Encoding': 'br' } });
    expect(first.status).toBe(206);
    expect(first.body).toBe(whole.body.slice(0, 10));
    expect(first.headers.get('content-range')).toBe(`bytes 0-9/${size}`);
    expect(first.headers.get('content-encoding')).toBeNull();
    const last = await get('/about', { headers: { Range: 'bytes=-5' } });
    expect([last.status, last.body]).toEqual([206, whole.body.slice(-5)]);
    const past = await get('/about', { headers: { Range: `bytes=${size}-` } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${size}`]);
    const several = await get('/about', { headers: { Range: 'bytes=0-1, 4-5' } });
    expect([several.status, several.body]).toEqual([200, whole.body]);
  });
});

describe('_headers', () => {
  it('applies every matching block, over the default Cache-Control', async () => {
    const page = await get('/about');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-page')).toBe('about');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const asset = await get('/assets/x-ABC.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-page')).toBeNull();
  });

  it('applies to redirects by the request path', async () => {
    const res = await get('/old-about');
    expect(res.status).toBe(301);
    expect(res.headers.get('x-moved')).toBe('yes');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const slash = await get('/about/');
    expect(slash.headers.get('x-page')).toBe('about');
  });
});

describe('_redirects', () => {
  it.each([
    ['/old-about', 301, '/about'],
    ['/old-about/', 301, '/about'],
    ['/old-about?ref=mail', 301, '/about?ref=mail'],
    ['/temp', 302, '/about'],
    ['/news/2024/spring', 301, '/blog/2024/spring'],
    ['/promo', 302, '/about'],
    ['/legacy.html', 301, '/about'],
    ['/external?x=1', 302, 'https://example.com/x?x=1'],
  ])('%s → %i %s', async (url, status, location) => {
    const res = await get(url);
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBe(location);
  });

  it('a file shadows a rule that is not forced', async () => {
    const res = await get('/about');
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
  });

  it('200 rewrites serve the target with 200 at the same URL', async () => {
    const res = await get('/spa/anything/here');
    expect(res.status).toBe(200);
    expect(res.body).toBe('<h1>home</h1>');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('404 rules serve the target with 404', async () => {
    const res = await get('/gone/page');
    expect(res.status).toBe(404);
    expect(res.body).toBe('<h1>custom not found</h1>');
  });

  it('logs the lines it could not use', () => {
    expect(logLines.some((l) => l.startsWith('_redirects:13:'))).toBe(true);
  });
});

describe('nothing outside the root is ever served', () => {
  it.each([
    '/..%2f..%2fetc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret',
    '/..\\..\\etc\\passwd',
    '/..\\secret.txt',
    '/../secret.txt',
    '/../secret',
    '/a/../../secret.txt',
    '/%00',
    '/about%00.html',
    '/a%5c..%5c..%5cetc%5cpasswd',
    '/..%5csecret.txt',
    '/link-out.txt',
    '/link-out-page',
    '/outdir/secret.txt',
    '/outdir/secret',
    '/outdir/dist-evil/secret',
    '/../dist-evil/secret',
    '/leak',
    '/climb',
    '//etc/passwd',
  ])('%s', async (rawPath) => {
    const res = await raw(rawPath);
    expect([400, 404]).toContain(res.status);
    expect(res.headers.location).toBeUndefined();
  });

  it('refuses to turn //host into a redirect to another site', async () => {
    const res = await raw('//evil.example/');
    expect(res.status).toBe(404);
    expect(res.headers.location).toBeUndefined();
  });

  it('answers malformed percent-encoding with 400', async () => {
    for (const bad of ['/%', '/%zz', '/%C3']) {
      const res = await raw(bad);
      expect(res.status).toBe(400);
    }
  });
});

describe('rebuilds', () => {
  it('answers a rewrite whose target a swap took away from the new build, not with 404', async () => {
    // The view a request starts from is swapped away before the rewrite's target is looked up (as a build
    // does between its two renames): the first view lacks the page its _redirects line rewrites to.
    const files = (pages: Record<string, string>, replaced: boolean) => ({
      label: 'test',
      has: (rel: string) => rel in pages,
      read: async (rel: string) => Buffer.from(pages[rel]!),
      replaced: () => replaced,
    });
    const rules = { _redirects: '/news/a /news/a 200\n/news/* /news 302\n' };
    const views = [files(rules, true), files({ ...rules, 'news/a.html': '<h1>a</h1>' }, false)];
    let taken = 0;
    const swapping = await serve({ files: { current: async () => views[Math.min(taken++, 1)]! }, port: 0 });
    try {
      const res = await fetch(`${swapping.url}/news/a`, { redirect: 'manual' });
      expect([res.status, await res.text()]).toEqual([200, '<h1>a</h1>']);
    } finally {
      await swapping.close();
    }
  });

  it('follows a dist/ replaced by renaming, including its _redirects and _headers', async () => {
    const next = path.join(tmp, 'dist-next');
    await writeSite(next, {
      'index.html': '<h1>home v2</h1>',
      '404.html': 'gone v2',
      _redirects: '/hello /  302',
      _headers: '/*\n  X-Version: 2',
    });
    const old = path.join(tmp, 'dist-old');
    await fs.rename(root, old);
    await fs.rename(next, root);
    try {
      const home = await get('/');
      expect(home.body).toBe('<h1>home v2</h1>');
      expect(home.headers.get('x-version')).toBe('2');
      expect(home.headers.get('x-frame-options')).toBeNull();
      const hello = await get('/hello');
      expect(hello.status).toBe(302);
      expect(hello.headers.get('location')).toBe('/');
      expect((await get('/about')).status).toBe(404);
    } finally {
      await fs.rename(root, next);
      await fs.rename(old, root);
    }
    expect((await get('/about')).body).toBe('<h1>about</h1>');
  });

  it('serves a file edited in place as it is now, even at the same size, with a new ETag', async () => {
    const etag = (await fetch(server.url + '/robots.txt')).headers.get('etag');
    await fs.writeFile(path.join(root, 'robots.txt'), 'User-agent: X');
    try {
      const after = await get('/robots.txt');
      expect(after.body).toBe('User-agent: X');
      expect(after.headers.get('etag')).not.toBe(etag);
    } finally {
      await fs.writeFile(path.join(root, 'robots.txt'), SITE['robots.txt']!);
    }
    expect((await get('/robots.txt')).body).toBe(SITE['robots.txt']);
  });

  it('answers 503 while there is no build output, then recovers', async () => {
    const away = path.join(tmp, 'dist-away');
    await fs.rename(root, away);
    try {
      expect((await get('/')).status).toBe(503);
    } finally {
      await fs.rename(away, root);
    }
    expect((await get('/')).status).toBe(200);
  });
});

describe('without a 404.html', () => {
  it('answers a plain-text 404', async () => {
    const bare = path.join(tmp, 'bare');
    await writeSite(bare, { 'index.html': 'x' });
    const other = await serve({ dir: bare, port: 0 });
    try {
      const res = await fetch(other.url + '/missing');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe('Not Found\n');
    } finally {
      await other.close();
    }
  });
});
