// The TypeScript compiler, found without loading it. `typescript` is a
// devDependency of many megabytes: only a type check imports it, and only
// when its cached result is out of date. A production install may lack it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { importModule } from '../node-module.js';
import type TypeScript from 'typescript';

export type TypeScriptApi = typeof TypeScript;

/** An installed compiler: its version (part of the cache's key) and how to load it. */
export interface Compiler {
  version: string;
  load(): Promise<TypeScriptApi>;
}

/** The installed `typescript` package, or `undefined` when there is none. */
export function findCompiler(): Compiler | undefined {
  let manifest: string;
  try {
    // Resolved from the engine's own place, as the dynamic import below is (the CLI bundle sits in node_modules/.cache).
    manifest = createRequire(import.meta.url).resolve('typescript/package.json');
  } catch {
    return undefined;
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return {
    version,
    // A dynamic import, kept out of the CLI bundle and the theme bundle (both list typescript as external).
    load: async () => {
      const module = await importModule<TypeScriptApi & { default?: TypeScriptApi }>('typescript');
      return module.default ?? module;
    },
  };
}
