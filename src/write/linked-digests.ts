// The digests of the cache's files a build links into its output (share cards, photo variants, icons: see
// keptFile in write.ts), kept in the cache folder for the next build. The output folder's marker names each file
// with the digest of its bytes; a file linked from the cache into an empty tree (a first build, or one whose kept
// tree is gone) had to be read back and hashed for it: 10,000 share cards took about 1.2 s of a cold
// 10,000-page build. A cache file is only ever replaced whole (writeWhole renames a new file over the old), so
// its device and inode name its bytes while its size and modification time are as they were when it was read;
// that is what the marker's own stamps trust (a link changes the change time, so it cannot be part of it).
import { readFileSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { cacheKey } from '../digest.ts';
import { keepWhole } from '../node-module.js';
import type { FileStamp } from './output-folder.ts';

/** Bumped when the file is kept differently. */
const FORMAT = 1;

/** A kept digest: the file's size and modification time (nanoseconds, as text), and the digest of its bytes then. */
type Entry = [size: string, mtime: string, digest: string];

export interface LinkedDigests {
  /** The stamp of the file whose status is `info`, when its digest was kept while it stood as it does now. */
  known(info: BigIntStats): FileStamp | undefined;
  /** Keeps the stamp of the file whose status is `info`, made from its bytes. */
  keep(info: BigIntStats, stamp: FileStamp): void;
  /** A cache file (`dev:ino`) this build linked or found linked already: its digest, if kept, stays kept. */
  seen(identity: string): void;
  /**
   * Writes the digests this build kept or used, when they differ from those read: a digest of a file no build
   * links any more goes then. A file that cannot be written costs the next build only the reads.
   */
  save(): Promise<void>;
}

/** Where the digests of the files linked into the output folder `outDir` (its real path) are kept, in the cache folder `cache`. */
export function linkedDigestsFile(cache: string, outDir: string): string {
  return join(cache, `linked-${cacheKey(outDir).slice(0, 12)}.json`);
}

/** The digests kept in `file` (none, when it is missing or not as this module writes it). */
export function linkedDigests(file: string): LinkedDigests {
  const read = readEntries(file);
  const entries = new Map(read);
  const used = new Set<string>();
  let changed = false;
  const identityOf = (info: BigIntStats) => `${info.dev}:${info.ino}`;
  return {
    known(info) {
      const identity = identityOf(info);
      const entry = entries.get(identity);
      if (!entry || entry[0] !== String(info.size) || entry[1] !== String(info.mtimeNs)) return undefined;
      used.add(identity);
      return { digest: entry[2], size: info.size, mtime: info.mtimeNs };
    },
    keep(info, stamp) {
      const identity = identityOf(info);
      entries.set(identity, [String(stamp.size), String(stamp.mtime), stamp.digest]);
      used.add(identity);
      changed = true;
    },
    seen(identity) {
      used.add(identity);
    },
    async save() {
      const kept = [...entries].filter(([identity]) => used.has(identity));
      if (!changed && kept.length === read.size) return;
      await keepWhole(file, JSON.stringify({ format: FORMAT, entries: Object.fromEntries(kept) }));
    },
  };
}

function readEntries(file: string): Map<string, Entry> {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown; entries?: unknown };
    if (kept.format !== FORMAT || typeof kept.entries !== 'object' || kept.entries === null) return new Map();
    const entries = Object.entries(kept.entries as Record<string, unknown>);
    // Anything not as written is thrown away whole, never half-used.
    return entries.every(([, entry]) => isEntry(entry)) ? new Map(entries as [string, Entry][]) : new Map();
  } catch {
    return new Map();
  }
}

function isEntry(entry: unknown): entry is Entry {
  return (
    Array.isArray(entry) &&
    entry.length === 3 &&
    /^\d{1,20}$/.test(String(entry[0])) &&
    /^\d{1,30}$/.test(String(entry[1])) &&
    typeof entry[0] === 'string' &&
    typeof entry[1] === 'string' &&
    typeof entry[2] === 'string' &&
    /^[0-9a-f]{64}$/.test(entry[2])
  );
}
