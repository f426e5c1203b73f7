// cachedValidator(): compiled once, loaded after; what it loads validates as the compiled one did.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { cachedValidator } from './validator-cache.ts';

// Inside the project's node_modules, as the real cache is: the kept code needs ajv's runtime from there.
const folders: string[] = [];
function cacheFolder(): string {
  const folder = mkdtempSync(join(resolve('node_modules/.cache'), 'validator-test-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, code: { optimize: false, source: true } });
const schema = {
  type: 'object',
  properties: { title: { type: 'string', maxLength: 5 }, noindex: { type: 'boolean', default: false } },
  required: ['title'],
  additionalProperties: false,
};
const text = JSON.stringify(schema);

describe('cachedValidator', () => {
  it('compiles the first time and keeps the code; the next time loads it without compiling', () => {
    const folder = cacheFolder();
    const compile = vi.fn(() => ajv.compile(schema));
    const first = cachedValidator(ajv, folder, text, compile);
    expect(readdirSync(folder)).toEqual([expect.stringMatching(/^validator-[0-9a-f]{16}\.cjs$/)]);
    const again = cachedValidator(ajv, folder, text, compile);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(again).not.toBe(first);

    // The loaded one fills defaults and reports the same errors, at the same schema paths.
    const value = { title: 'x' };
    expect(again(value)).toBe(true);
    expect(value).toEqual({ title: 'x', noindex: false });
    expect(again({ title: 'too long', extra: 1 })).toBe(false);
    expect(first({ title: 'too long', extra: 1 })).toBe(false);
    expect(again.errors!.map((e) => [e.keyword, e.schemaPath])).toEqual(first.errors!.map((e) => [e.keyword, e.schemaPath]));
  });

  it('compiles again when the kept file does not load, and replaces it', () => {
    const folder = cacheFolder();
    cachedValidator(ajv, folder, text, () => ajv.compile(schema));
    const [file] = readdirSync(folder);
    writeFileSync(join(folder, file!), 'this is not JavaScript');
    const compile = vi.fn(() => ajv.compile(schema));
    expect(cachedValidator(ajv, folder, text, compile)({ title: 'ok' })).toBe(true);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(cachedValidator(ajv, folder, text, compile)({ title: 'ok' })).toBe(true);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('keeps one file per schema text, and compiles without a folder', () => {
    const folder = cacheFolder();
    cachedValidator(ajv, folder, text, () => ajv.compile(schema));
    const other = { ...schema, required: [] };
    cachedValidator(ajv, folder, JSON.stringify(other), () => ajv.compile(other));
    expect(readdirSync(folder)).toHaveLength(2);
    const compile = vi.fn(() => ajv.compile(schema));
    cachedValidator(ajv, undefined, text, compile);
    expect(compile).toHaveBeenCalledTimes(1);
  });
});
