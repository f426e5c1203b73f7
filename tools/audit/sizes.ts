// How big a file travels: the size the budgets and the report count.
import { gzipSync } from 'node:zlib';

/**
 * Size after gzip at zlib's default level 6: what servers and CDNs commonly
 * use for on-the-fly compression (brotli, where the CDN serves it, is smaller).
 */
export function gzipSize(data: Uint8Array | string): number {
  return gzipSync(data, { level: 6 }).length;
}
