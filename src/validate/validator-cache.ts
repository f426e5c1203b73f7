// Compiled validators kept between runs. ajv compiles a schema into a function
// by generating code, and for this site's dozen schemas that takes about 190 ms,
// a third of a build. ajv can also write that code out as a module; it is kept
// in the cache folder under the hash of the schema's text and ajv's version, and
// loaded instead of compiled while neither changes.
import { randomBytes } from 'node:crypto';
import { cacheKey } from '../digest.ts';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageVersion } from '../package-version.ts';
import type { Ajv, ValidateFunction } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';

// The package is CommonJS: its module object is the function, which also carries itself as `default`.
const moduleCode = (standalone as unknown as { default: (ajv: Ajv, validate: ValidateFunction) => string }).default;

/** Bumped when the ajv options of json-schema.ts change, so old modules are not loaded. */
const FORMAT = 1;

/**
 * The validator of `schemaText`: loaded from `folder` when an earlier run left it
 * there, else compiled by `compile` and left there for the next run. Anything
 * that goes wrong with the cache only means compiling.
 */
export function cachedValidator(ajv: Ajv, folder: string | undefined, schemaText: string, compile: () => ValidateFunction): ValidateFunction {
  if (!folder) return compile();
  const name = cacheKey(`${FORMAT} ${ajv.opts.code.esm ? 'esm' : 'cjs'} ${AJV_VERSION} ${schemaText}`).slice(0, 16);
  const file = join(folder, `validator-${name}.cjs`);
  if (existsSync(file)) {
    try {
      // Its ajv runtime imports resolve from the cache folder, inside the project's node_modules.
      return createRequire(file)(file) as ValidateFunction;
    } catch {
      // A module that does not load is compiled again below, and replaced.
    }
  }
  const validate = compile();
  // Synchronous, unlike writeWhole (node-module.js): validators are compiled where they are first asked for.
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(temporary, moduleCode(ajv, validate));
    renameSync(temporary, file);
  } catch {
    // A read-only cache only costs the next run a compile; a module that could not be put in place leaves no half copy.
    rmSync(temporary, { force: true });
  }
  return validate;
}

const AJV_VERSION = packageVersion('ajv');
