// Digests of bytes, in one place, in two kinds for two jobs:
// - contentHash (SHA-256, hex) names what is kept or written by its content: photos and share
//   cards, icons, the stamps of written files. Names in dist/ are cached by browsers for a year, so
//   two different contents must never share one, even contents made to collide.
// - cacheKey (SHA-1, hex) keys the engine's own caches and fingerprints: parsed YAML, compiled
//   validators, the theme's bundle, a page's inputs, an ETag. It is faster, and a collision would
//   take someone attacking their own project's cache.
// The policy's script hashes (extras/csp.ts) are neither: their form is the CSP standard's.
import { createHash, type BinaryLike } from 'node:crypto';

/** SHA-256 of the parts, one after another, in hex. */
export function contentHash(...parts: BinaryLike[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** SHA-1 of the parts, one after another, in hex. */
export function cacheKey(...parts: BinaryLike[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}
