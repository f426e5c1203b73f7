// The preview compresses text as the CDNs do, so pages weigh what they weigh in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from './index.ts';
import { acceptedEncoding } from './server.ts';

const page = `<!DOCTYPE html><html lang="en-CA"><title>x</title>${'<p>Panel upgrades from 100 A to 200 A.</p>'.repeat(100)}</html>`;
let dir: string;
let server: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'serve-gzip-'));
  await writeFile(join(dir, 'index.html'), page);
  await writeFile(join(dir, 'small.html'), '<p>small</p>');
  server = await serve({ dir, port: 0 });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function get(path: string, acceptEncoding?: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('sends brotli when accepted, gzip when only that is, and plain otherwise', async () => {
    const br = await get('/', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(br.headers.vary).toBe('Accept-Encoding');
  });

  it('leaves bodies under a kilobyte alone', async () => {
    expect((await get('/small', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('compressed copies', () => {
  it('compresses a file once per encoding and content, then serves the kept copy', async () => {
    const { compressedCopy } = await import('./server.ts');
    const text = Buffer.from('<p>a page worth compressing</p>'.repeat(100));
    const first = compressedCopy(text, 'br');
    expect(compressedCopy(Buffer.from(text), 'br')).toBe(first);
    expect(compressedCopy(text, 'gzip')).not.toBe(first);
    expect(brotliDecompressSync(first).equals(text)).toBe(true);
  });
});
