// cachedValidators(): a set of schemas compiled once and kept as one module, loaded after (from V8's kept code
// once there is some); what it loads validates as the compiled ones did, each in its place.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import { cachedValidators } from './validator-cache.ts';

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
/** A schema of a title at most `most` long and a flag with a default, optionally with a required count. */
const schemaOf = (most: number, counted: boolean) => ({
  type: 'object',
  properties: { title: { type: 'string', maxLength: most }, noindex: { type: 'boolean', default: false }, ...(counted ? { count: { type: 'integer' } } : {}) },
  required: counted ? ['title', 'count'] : ['title'],
  additionalProperties: false,
});
const modules = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.cjs'));

describe('cachedValidators', () => {
  it('compiles the first time and keeps one module; the next time loads it without compiling, and then runs it from kept code', async () => {
    const folder = cacheFolder();
    const schemas = [schemaOf(5, false), schemaOf(3, true)];
    const texts = schemas.map((s) => JSON.stringify(s));
    const compile = vi.fn((i: number) => ajv.compile(schemas[i]!));
    const first = cachedValidators(ajv, folder, texts, compile);
    expect(modules(folder)).toEqual([expect.stringMatching(/^validators-[0-9a-f]{16}\.cjs$/)]);
    const again = cachedValidators(ajv, folder, texts, compile);
    expect(compile).toHaveBeenCalledTimes(2);
    expect(again).toHaveLength(2);
    expect(again[0]).not.toBe(first[0]);
    // The loaded one fills defaults and reports the same errors, at the same schema paths, each schema in its place.
    const value = { title: 'x' };
    expect(again[0]!(value)).toBe(true);
    expect(value).toEqual({ title: 'x', noindex: false });
    expect(again[1]!({ title: 'x' })).toBe(false);
    for (const [i, check] of again.entries()) {
      expect(check({ title: 'too long', extra: 1 })).toBe(false);
      expect(first[i]!({ title: 'too long', extra: 1 })).toBe(false);
      expect(check.errors!.map((e) => [e.keyword, e.schemaPath])).toEqual(first[i]!.errors!.map((e) => [e.keyword, e.schemaPath]));
    }
    // Loaded, its compiled code is kept beside it (written after the load), and used by the next load.
    await vi.waitFor(() => expect(readdirSync(folder).filter((name) => name.endsWith('.v8'))).toHaveLength(1));
    expect(cachedValidators(ajv, folder, texts, compile)[1]!({ title: 'abc', count: 2 })).toBe(true);
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it('validates as compiled for any set of schemas and any value, loaded in any order of sets', () => {
    const folder = cacheFolder();
    const schema = fc.record({ most: fc.integer({ min: 0, max: 6 }), counted: fc.boolean() });
    const value = fc.record(
      { title: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), count: fc.oneof(fc.integer(), fc.string()), other: fc.boolean() },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(schema, { minLength: 1, maxLength: 4 }), fc.array(value, { minLength: 1, maxLength: 6 }), (drawn, values) => {
        const schemas = drawn.map(({ most, counted }) => schemaOf(most, counted));
        const texts = schemas.map((s) => JSON.stringify(s));
        const compiled = schemas.map((s) => ajv.compile(s));
        // Twice: the first may compile and keep, the second loads (or loads both times, the set being kept already).
        for (let round = 0; round < 2; round++) {
          const checks = cachedValidators(ajv, folder, texts, (i) => ajv.compile(schemas[i]!));
          for (const [i, check] of checks.entries())
            for (const v of values) {
              const mine = structuredClone(v);
              const theirs = structuredClone(v);
              expect(check(mine)).toBe(compiled[i]!(theirs));
              expect(mine).toEqual(theirs);
              expect(check.errors?.map((e) => [e.keyword, e.instancePath, e.schemaPath]) ?? null).toEqual(
                compiled[i]!.errors?.map((e) => [e.keyword, e.instancePath, e.schemaPath]) ?? null,
              );
            }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('compiles again when the kept module does not load or is not a list of as many validators, and replaces it', () => {
    const schemas = [schemaOf(5, false), schemaOf(2, true)];
    const texts = schemas.map((s) => JSON.stringify(s));
    for (const spoiled of ['this is not JavaScript', 'module.exports = [1, 2];', 'module.exports = [() => true];', 'throw new Error("no")', '']) {
      const folder = cacheFolder();
      cachedValidators(ajv, folder, texts, (i) => ajv.compile(schemas[i]!));
      const [file] = modules(folder);
      writeFileSync(join(folder, file!), spoiled);
      const compile = vi.fn((i: number) => ajv.compile(schemas[i]!));
      expect(cachedValidators(ajv, folder, texts, compile)[1]!({ title: 'ok', count: 1 }), spoiled).toBe(true);
      expect(compile).toHaveBeenCalledTimes(2);
      expect(cachedValidators(ajv, folder, texts, compile)[1]!({ title: 'too long', count: 1 }), spoiled).toBe(false);
      expect(compile).toHaveBeenCalledTimes(2);
    }
  });

  it('keeps one module per list of schema texts, order included, and compiles without a folder', () => {
    const folder = cacheFolder();
    const schemas = [schemaOf(5, false), schemaOf(5, true)];
    const texts = schemas.map((s) => JSON.stringify(s));
    cachedValidators(ajv, folder, texts, (i) => ajv.compile(schemas[i]!));
    cachedValidators(ajv, folder, [...texts].reverse(), (i) => ajv.compile([...schemas].reverse()[i]!));
    cachedValidators(ajv, folder, texts.slice(0, 1), (i) => ajv.compile(schemas[i]!));
    expect(modules(folder)).toHaveLength(3);
    const compile = vi.fn((i: number) => ajv.compile(schemas[i]!));
    cachedValidators(ajv, undefined, texts, compile);
    expect(compile).toHaveBeenCalledTimes(2);
  });
});
