// The installed version of a package the engine depends on, read from its package.json: a cache keyed by
// what a package makes (validators, bundles) names the version without loading the package itself, which
// for esbuild alone costs every command about 20 ms.
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** `name`'s version as installed where the engine resolves it, or 'unknown' when its package.json cannot be read. */
export function packageVersion(name: string): string {
  try {
    return (requireHere(`${name}/package.json`) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
