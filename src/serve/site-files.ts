// What the preview server serves: a built site as a folder (folder.ts) or in memory (the dev server's).

/** A built site as the server reads it, taken afresh for each request. */
export interface SiteFiles {
  /** The site as it is now, or null when there is none yet (answered with 503). */
  current(): Promise<SiteSnapshot | null>;
}

/** One consistent view of a built site. */
export interface SiteSnapshot {
  /** Where it is, for the 503 message and logs. */
  label: string;
  /** Whether a root-relative path (`services/wiring.html`) is a file of the site. */
  has(rel: string): boolean;
  /** The bytes of a file `has` said is there. */
  read(rel: string): Promise<Buffer>;
  /**
   * Whether the site was replaced since this view was taken (a build swapped its folder): what the
   * view found missing, or failed to read, may be there in the new one. Absent: never replaced.
   */
  replaced?(): boolean;
  /**
   * Whether a file is a stand-in its real bytes will soon replace (the dev server's quick version of a
   * photo being made): it is sent with `no-store`, whatever _headers says, so the browser asks again.
   */
  provisional?(rel: string): boolean;
}
