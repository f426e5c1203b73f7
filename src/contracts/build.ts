// What a build is asked and what it answers: the engine's programmatic API, as the CLI, the dev
// server, the tools and the tests call it (src/build.ts runs it).
import type { Diagnostic } from './diagnostics.ts';
import type { MediaJob } from './media-job.ts';
import type { OutputEntry } from './output.ts';
import type { RenderedPage } from './rendered.ts';

export interface BuildOptions {
  /** The project folder holding site.yaml, pages/, templates/ and static/. Default: the current folder. */
  root?: string;
  /** The output folder, relative to `root`. It is replaced whole. Default: `dist`. */
  out?: string;
  /** Overrides site.yaml's baseUrl, e.g. for a preview deployment. Default: site.yaml's. */
  baseUrl?: string;
  /** `false` returns the files without touching the disk (for `check` and tests). Default: true. */
  write?: boolean;
  /** Refresh `schemas/*.json` for editors (even when the content has problems). Default: when writing. */
  editorSchemas?: boolean;
  /** Warnings count as errors, so nothing is written while there is one (for CI). Default: false. */
  strict?: boolean;
  /** Publish draft pages and pages dated after `today` too, for previews. Default: false. */
  drafts?: boolean;
  /** The day that decides which dated pages are published, as YYYY-MM-DD. Default: today, where the build runs. */
  today?: string;
  /**
   * Type-check the templates with the TypeScript compiler (a misspelt field otherwise renders as empty text).
   * Seconds when the theme has changed, milliseconds when not (the result is cached). Default: false.
   */
  types?: boolean;
  /**
   * Keep only each page's facts, not its HTML, so memory does not grow with the site's HTML: a
   * writing build writes each page as soon as it is rendered (`site build` does), a check just
   * drops it (`site check` does). The pages in the result then have empty `html`. Default: false.
   */
  stream?: boolean;
  /**
   * Threads to work on, counting this one, for a site of 400 page files or more: started as soon as
   * the files are listed, they load the engine and theme while this thread reads and checks the content, then
   * share the parsing of the YAML the parse cache lacks and, while streaming, render; `auto` is
   * one per core, at most 4. Threads need the engine's bundle, as `site build` runs it; from
   * sources, a build uses one. Default: 1.
   */
  threads?: number | 'auto';
  /**
   * The key of the engine's code, as `site build` runs it (bin/site.js): with one, a one-thread build
   * keeps a record of each page it rendered in the cache folder, and the next build takes the unchanged
   * pages from the output folder instead of rendering them (src/render/kept-renders.ts). Without one,
   * nothing of the render is kept between processes.
   */
  engine?: string;
  /** `false` renders every <Shared> block in place, in each page (slower): a check that a theme's `by` lists are complete. Default: true. */
  sharedBlocks?: boolean;
  /**
   * With `write: false` only (site dev): errors that are all in page files keep only their own
   * pages back, and the result holds the rest of the site with those errors among its diagnostics,
   * instead of a ContentError. One half-written draft then does not stop every other page from
   * updating. Errors anywhere else (site.yaml, a template, the redirects) still throw. Default: false.
   */
  keepGoing?: boolean;
  /**
   * With `write: false` only (site dev): photos and share cards the cache lacks are not made before the
   * render. Pages name them as they will be (names depend only on their sources), a photo's variants are
   * one quick stand-in for now, and the result's `later` makes the real files. A reload then waits
   * for none of them. Default: false.
   */
  deferMedia?: boolean;
  /**
   * Write the browser editor (Decap CMS) at /admin: its page and its configuration, made from the
   * theme's schemas and the page files (src/cms/), committing to this repository online, and with
   * `decap` Decap's own files (`site dev` serves those from the package, with the project's files
   * as its backend). Default: none.
   */
  cms?: { repo: string; branch: string; authUrl?: string; decap?: boolean };
  /**
   * One content file's text as it would be, read instead of the file on disk (which may not exist
   * yet): the browser editor's preview of a form not yet saved. Only for a build that writes nothing.
   */
  overlay?: { file: string; text: string };
}

export interface BuildResult {
  /** Every file of the output, sorted by path. */
  files: OutputEntry[];
  /** The rendered pages, sorted by output file. */
  pages: RenderedPage[];
  /** Warnings; errors are thrown as a ContentError. */
  diagnostics: Diagnostic[];
  /** Routes rendered by this build; a builder's later builds reuse the pages whose inputs did not change. */
  renderedRoutes: string[];
  /** With `deferMedia`: the files left to make, photos first; `files` holds a photo's stand-ins until then. */
  later: MediaJob[];
  stats: {
    pages: number;
    bytes: number;
    milliseconds: number;
    /** Milliseconds per stage: theme, load, validate, rules, bundle, render, extras, write, and types when asked for. */
    stages: Record<string, number>;
    /** Megabytes: the process's resident size as each stage ended, and its peak so far. */
    memory: { stages: Record<string, number>; peak: number };
    /** Raw bytes of each client script entry. */
    scripts: Record<string, number>;
    /** Photos made into variants by this build, and photos whose variants came from the cache. */
    images: { drawn: number; cached: number };
    /** Share cards drawn by this build, and cards taken from the cache. */
    cards: { drawn: number; cached: number };
  };
}

/**
 * A build that remembers: each `build(changed)` after the first reads only the
 * changed files, bundles only when client code changed, and renders only the
 * pages whose inputs changed (see src/render/memory.ts). The dev server keeps
 * one for its whole run; `build()` above is a builder used once.
 */
export interface Builder {
  /**
   * Builds again. `changed` lists project-relative paths (files or folders) added,
   * edited or removed since the last call; without it everything is read again.
   */
  build(changed?: readonly string[]): Promise<BuildResult>;
}

export interface CheckOptions extends Omit<BuildOptions, 'write' | 'out'> {
  /**
   * Report only on these files or folders (absolute, or relative to `root`): their own problems and
   * problems elsewhere about them (see `concerning`). The whole site is checked all the same.
   */
  files?: readonly string[];
}
