// Plain words for the file system's error codes, for the two folders a build writes into that the
// user chooses (the output folder, --out, and the cache folder, SITE_CACHE_DIR): what went wrong and
// what to do, instead of a code and a stack.

/** What a file system error means for a folder a build writes, and what to do about it. */
export interface FileSystemWords {
  why: string;
  hint: string;
}

const NOT_WRITABLE = {
  why: 'that folder, or the one around it, cannot be written',
  hint: 'choose a folder you can write to, such as dist, or change its permissions',
};

const WORDS: Record<string, FileSystemWords> = {
  EACCES: NOT_WRITABLE,
  EPERM: NOT_WRITABLE,
  EROFS: { why: 'it is on a read-only file system', hint: 'choose a folder on a disk you can write to, such as dist' },
  ENOTDIR: { why: 'a file stands where one of the folders on the way to it should be', hint: 'choose another path, or move that file' },
  EISDIR: { why: 'a folder stands where the build writes a file', hint: 'choose another folder, such as dist' },
  ENOENT: {
    why: 'no folder can be made there (it is not a place for files, like /proc or /sys)',
    hint: 'choose a folder of the project or your home, such as dist',
  },
  ENOSPC: { why: 'the disk is full', hint: 'free some space and build again' },
  EDQUOT: { why: 'your disk quota is used up', hint: 'free some space and build again' },
  EXDEV: { why: 'it moved to another disk while building', hint: 'build again' },
  EBUSY: { why: 'it is in use (a mount point, or open in another program)', hint: 'close what uses it, or choose another folder, such as dist' },
  ENOTEMPTY: { why: 'a folder the build replaces could not be emptied', hint: 'build again; if it persists, delete the folder once' },
  ELOOP: { why: 'its path goes round in a loop of links', hint: 'choose a folder without links, such as dist' },
  ENAMETOOLONG: { why: 'its path is too long for the file system', hint: 'choose a shorter path, such as dist' },
  EMFILE: { why: 'too many files are open', hint: 'build again' },
};

/**
 * The words for `code`; `example` replaces "dist" in the hint, for a folder whose usual name is
 * another (the cache folder's is .site-cache).
 */
export function fileSystemWords(code: string, example = 'dist'): FileSystemWords {
  const words = WORDS[code] ?? { why: `the file system refused (${code})`, hint: 'choose another folder, such as dist' };
  return { why: words.why, hint: words.hint.replace(/\bdist\b/, example) };
}
