// What a build puts in the output folder: a path and its bytes, or a file of the engine's cache
// that holds them (linked into the output rather than read and written again).

/** One file of the output. */
export interface OutputEntry {
  /** Path inside the output folder, forward slashes. */
  path: string;
  contents: string | Uint8Array;
  /** Set when a file of the engine's cache holds exactly these bytes (see `keptFile`). */
  kept?: KeptBytes;
  /** The bytes `contents` takes, when known already (a page's, worked out once per rendered page). */
  size?: number;
}

/** An output file as the stages that make images and bundles hold it: bytes, never text. */
export interface OutputFile extends OutputEntry {
  contents: Uint8Array;
}

/** A file of the engine's cache, and its size in bytes. */
export interface KeptBytes {
  file: string;
  size: number;
  /**
   * The file is not the engine's own (a package's, under node_modules/): copied into the output, never
   * linked, so that a tool rewriting dist/ in place cannot rewrite it through the link.
   */
  copied?: boolean;
  /**
   * The file's device and inode (`dev:ino`), when known: a file of the tree a build writes over that is this same
   * file needs no new link (src/write/kept-tree.ts).
   */
  identity?: string;
}

/** Bytes `contents` takes in a file. */
export function byteSize(contents: string | Uint8Array): number {
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}
