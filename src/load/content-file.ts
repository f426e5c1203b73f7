// Reading one file of the content, safely: whatever stands at a content path (a named pipe, a
// device, a socket, a link out of the project or to /dev/zero, a file of gigabytes), reading it
// neither hangs nor reads without end. Only regular files inside the project are read, and only
// up to a size; anything else is refused with the reason, for validation to report at its path.
import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { isInside } from '../folders.ts';

/** Why a content path is not read. */
export type RefusalReason =
  /** A named pipe (FIFO), a socket or a device: not a file; a pipe would block a read for ever, a device may never end. */
  | 'pipe'
  | 'socket'
  | 'device'
  /** A link that leads outside the project: the build reads only what the project holds. */
  | 'link-outside'
  /** A link to nothing (its target is missing, or the links go round in a loop). */
  | 'link-nowhere'
  /** A link to a folder, which the walk of the content does not follow. */
  | 'link-folder'
  /** A link to a pipe, a socket or a device. */
  | 'link-special'
  /** A folder where a file is expected (site.yaml made a folder). */
  | 'folder'
  /** A file the system will not let the build read (no permission). */
  | 'unreadable'
  /** A file past the size the build reads for its kind. */
  | 'too-large'
  /** A file, a pipe or anything but a folder where a folder of content is expected (pages/ or static/ made a file). */
  | 'not-folder';

export interface Refusal {
  why: RefusalReason;
  /** Where a link leads, as it is written in the link. */
  target?: string;
  /** The system's reason a file cannot be read, e.g. EACCES. */
  code?: string;
  /** The size of a file refused as too large, and the most the build reads of such a file. */
  bytes?: number;
  limit?: number;
}

/** A content path, refused, with the reason. */
export interface RefusedFile {
  file: string;
  refusal: Refusal;
}

/** What a listing knows of an entry: a regular file (from the folder's own listing), or nothing yet. */
export type KnownKind = 'regular' | 'unknown';

/** A content file's bytes, and its status as it was opened (the kept texts stamp a page file by it: known-texts.ts). */
export interface ContentRead {
  bytes: Buffer;
  stats: Stats;
}

/**
 * The bytes of the content file `file` (project-relative), at most `limit` of them: null when
 * nothing is there, a refusal when it is not a regular file inside the project or is larger than
 * `limit`. `known` skips the first look when a folder's listing has just said it is a regular file.
 */
export function readContentFile(root: string, file: string, limit: number, known: KnownKind = 'unknown'): ContentRead | { refused: Refusal } | null {
  // Twice at most: a regular file that became a link between the listing and the opening is looked at again.
  for (let attempt = 0; attempt < 2; attempt++) {
    const found = known === 'regular' && attempt === 0 ? { path: join(root, file) } : inspectEntry(root, file);
    if (found === null || 'refused' in found) return found;
    const read = readRegular(found.path, limit);
    if (read !== 'became a link') return read;
  }
  return { refused: { why: 'link-nowhere', target: safeReadlink(join(root, file)) } };
}

/**
 * What stands at `file`, without opening it: the path of a regular file to read (a link's target
 * inside the project, or the file itself), null when nothing is there, or why it is refused.
 */
export function inspectEntry(root: string, file: string): { path: string } | { refused: Refusal } | null {
  const path = join(root, file);
  const entry = lstatSync(path, { throwIfNoEntry: false });
  if (!entry) return null;
  if (!entry.isSymbolicLink()) {
    const kind = specialKind(entry);
    return kind ? { refused: { why: kind } } : entry.isFile() ? { path } : { refused: { why: 'folder' } };
  }
  const link = followLink(root, path);
  if ('refused' in link) return link;
  const { real, target } = link;
  const stats = statSync(real, { throwIfNoEntry: false });
  if (!stats) return { refused: { why: 'link-nowhere', target } };
  if (stats.isDirectory()) return { refused: { why: 'link-folder', target } };
  if (!stats.isFile()) return { refused: { why: 'link-special', target } };
  return { path: real };
}

/** Where the link at `path` leads, when that is a place inside the project; else why it is refused. */
function followLink(root: string, path: string): { real: string; target: string | undefined } | { refused: Refusal } {
  const target = safeReadlink(path);
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return { refused: { why: 'link-nowhere', target } };
  }
  return isInside(realpathSync(root), real) ? { real, target } : { refused: { why: 'link-outside', target } };
}

/**
 * What stands at the folder `dir`: null when nothing does, the path to walk when it is a folder
 * (or a link to a folder inside the project), or why it is refused (a link out of the project or to
 * nothing). Anything else is not a folder, and has nothing in it to walk.
 */
export function inspectFolder(root: string, dir: string): { path: string } | { refused: Refusal } | null {
  const path = join(root, dir);
  const entry = lstatSync(path, { throwIfNoEntry: false });
  if (!entry) return null;
  if (!entry.isSymbolicLink()) return entry.isDirectory() ? { path } : { refused: { why: 'not-folder' } };
  const link = followLink(root, path);
  if ('refused' in link) return link;
  const { real, target } = link;
  return statSync(real, { throwIfNoEntry: false })?.isDirectory() ? { path } : { refused: { why: 'not-folder', target } };
}

/** Reads a path that was a regular file when looked at; what it is when opened decides. */
function readRegular(path: string, limit: number): ContentRead | { refused: Refusal } | null | 'became a link' {
  let fd: number;
  try {
    // Non-blocking, so a pipe put in the file's place since it was looked at cannot hold the build;
    // not through a link, which would lead anywhere.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP') return 'became a link';
    if (code === 'ENXIO') return { refused: { why: 'socket' } };
    if (code === 'EISDIR') return { refused: { why: 'folder' } };
    return { refused: { why: 'unreadable', code: code ?? 'unknown' } };
  }
  try {
    const stats = fstatSync(fd);
    const kind = specialKind(stats);
    if (kind) return { refused: { why: kind } };
    if (!stats.isFile()) return { refused: { why: 'folder' } };
    if (stats.size > limit) return { refused: { why: 'too-large', bytes: stats.size, limit } };
    // No more than its size when opened: a file that grows meanwhile is read as it was.
    const bytes = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    try {
      while (filled < bytes.length) {
        const count = readSync(fd, bytes, filled, bytes.length - filled, filled);
        if (count === 0) break;
        filled += count;
      }
    } catch (error) {
      return { refused: { why: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? 'unknown' } };
    }
    return { bytes: filled === bytes.length ? bytes : bytes.subarray(0, filled), stats };
  } finally {
    closeSync(fd);
  }
}

/** A pipe, a socket or a device; undefined for a file or a folder. */
function specialKind(stats: Stats): 'pipe' | 'socket' | 'device' | undefined {
  if (stats.isFIFO()) return 'pipe';
  if (stats.isSocket()) return 'socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'device';
  return undefined;
}

function safeReadlink(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}
