// A built site in a folder on disk (dist/), as the preview server reads it.
//
// A rebuild swaps the folder by renaming a new one into place, so which folder
// `dir` names is looked up again for every request, and a request that the swap
// overtook (a file it found gone, a read that failed) is answered again from
// the new folder (see `replaced`, and the server's handle). What is kept between
// requests is only what cannot go stale unseen: a file's bytes, held against
// its identity (device, inode, size, modification time), which a swap or an
// edit in place changes. So a page asked for a thousand times is read from disk
// once, and the libuv thread pool is not the queue 200 connections wait in.

import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteFiles } from './site-files.ts';
import { isInside } from './static.ts';
import { boundedCache } from './bounded-cache.ts';

/** Bytes kept across requests, the most recently used first to stay. */
const HELD_BYTES = 64 * 1024 * 1024;

interface Located {
  real: string;
  stat: fs.Stats;
}

export function folderFiles(dir: string): SiteFiles {
  const held = heldFiles(HELD_BYTES);
  let seen = false;
  return {
    async current() {
      // A build swaps its output in two renames: the old folder away, the new one in. Between them
      // there is no folder for a moment, which is not "no build yet" once there has been one.
      let found = folderAt(dir);
      for (const start = Date.now(); !found && seen && Date.now() - start < SWAP_WAIT_MS; found = folderAt(dir)) {
        await new Promise((done) => setTimeout(done, 10));
      }
      if (!found) return null;
      seen = true;
      const { root, identity } = found;
      const locate = locator(root);
      return {
        label: dir,
        has: (rel) => locate(rel) !== null,
        read: (rel) => held(locate(rel)!),
        replaced: () => folderAt(dir)?.identity !== identity,
      };
    },
  };
}

/** How long a request waits for the folder a swap has taken away to be back. */
const SWAP_WAIT_MS = 2_000;

/** The folder `dir` names now: its real path and which folder it is (a swap puts another at the same path). */
function folderAt(dir: string): { root: string; identity: string } | undefined {
  try {
    const root = fs.realpathSync(dir);
    const stat = fs.statSync(root);
    return stat.isDirectory() ? { root, identity: `${stat.dev}:${stat.ino}` } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Maps a root-relative path to the real path of a regular file inside the
 * root, or `null`. Checked on the joined path and again on its realpath, so a
 * symlink in the build that points outside the root is treated as absent.
 * Sync and memoised per request: a handful of stats on local disk.
 */
function locator(root: string): (rel: string) => Located | null {
  const memo = new Map<string, Located | null>();
  return (rel) => {
    if (!memo.has(rel)) memo.set(rel, locateOnce(root, rel));
    return memo.get(rel)!;
  };
}

function locateOnce(root: string, rel: string): Located | null {
  const joined = path.resolve(root, ...rel.split('/'));
  if (!isInside(root, joined)) return null;
  try {
    // Most paths asked for are misses (`/about` is tried as `about` first); a stat that
    // answers undefined is much cheaper than one that throws.
    const stat = fs.statSync(joined, { throwIfNoEntry: false });
    if (!stat?.isFile()) return null;
    const real = fs.realpathSync(joined);
    return isInside(root, real) ? { real, stat } : null;
  } catch {
    return null;
  }
}

/** Reads a located file, from memory when the file is still the one read before. */
function heldFiles(limit: number): (file: Located) => Promise<Buffer> {
  // A file larger than the whole allowance is read every time rather than evicting everything.
  const copies = boundedCache<{ identity: string; bytes: Buffer }>(limit, (copy) => copy.bytes.length);
  return async ({ real, stat }) => {
    const identity = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    const known = copies.get(real);
    if (known?.identity === identity) return known.bytes;
    const bytes = await readFile(real);
    copies.set(real, { identity, bytes });
    return bytes;
  };
}
