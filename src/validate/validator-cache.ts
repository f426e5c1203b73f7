// Compiled validators kept between runs. ajv compiles a schema into a function
// by generating code, and for this site's dozen schemas that takes about 190 ms,
// a third of a build. ajv can also write that code out as a module; a theme's
// schemas are kept as one module in the cache folder, under the hash of their
// texts and ajv's version, and loaded instead of compiled while none changes.
// One module, not one per schema: a dozen files each cost Node a require (about
// 17 ms in all on the real site), and one file is run from the code V8 compiled
// for it in an earlier run (runKeptCode), so it is not compiled at all.
import { randomBytes } from 'node:crypto';
import { cacheKey } from '../digest.ts';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runKeptCode } from '../node-module.js';
import { packageVersion } from '../package-version.ts';
import type { Ajv, ValidateFunction } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';

// The package is CommonJS: its module object is the function, which also carries itself as `default`.
const moduleCode = (standalone as unknown as { default: (ajv: Ajv, validate: ValidateFunction) => string }).default;

/** Bumped when the ajv options of json-schema.ts or the module's layout change, so old modules are not loaded. */
const FORMAT = 2;

/**
 * The validators of `schemaTexts`, in their order: loaded from `folder` when an earlier run left them
 * there, else compiled by `compile` and left there for the next run. Anything that goes wrong with
 * the cache only means compiling.
 */
export function cachedValidators(
  ajv: Ajv,
  folder: string | undefined,
  schemaTexts: readonly string[],
  compile: (index: number) => ValidateFunction,
): ValidateFunction[] {
  const compileAll = () => schemaTexts.map((_, index) => compile(index));
  if (!folder || schemaTexts.length === 0) return compileAll();
  const name = cacheKey(`${FORMAT} ${ajv.opts.code.esm ? 'esm' : 'cjs'} ${AJV_VERSION} `, JSON.stringify(schemaTexts)).slice(0, 16);
  const file = join(folder, `validators-${name}.cjs`);
  if (existsSync(file)) {
    try {
      // Its ajv runtime requires resolve from the cache folder, inside the project's node_modules.
      const { exports, keepCode } = runKeptCode(file, folder);
      const loaded = exports as unknown;
      if (Array.isArray(loaded) && loaded.length === schemaTexts.length && loaded.every((f) => typeof f === 'function')) {
        void keepCode();
        return loaded as ValidateFunction[];
      }
    } catch {
      // A module that does not load is compiled again below, and replaced.
    }
  }
  const validators = compileAll();
  // Synchronous, unlike writeWhole (node-module.js): validators are compiled where they are first asked for.
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(temporary, modulesCode(ajv, validators));
    renameSync(temporary, file);
  } catch {
    // A read-only cache only costs the next run a compile; a module that could not be put in place leaves no half copy.
    rmSync(temporary, { force: true });
  }
  return validators;
}

/** One CommonJS module exporting the list of `validators`, each ajv's standalone module inside a function of its own. */
function modulesCode(ajv: Ajv, validators: readonly ValidateFunction[]): string {
  const each = validators.map(
    (validate) =>
      `(function () {\nconst module = { exports: {} };\nconst exports = module.exports;\n${moduleCode(ajv, validate)}\nreturn module.exports;\n})()`,
  );
  return `'use strict';\nmodule.exports = [\n${each.join(',\n')}\n];\n`;
}

const AJV_VERSION = packageVersion('ajv');
