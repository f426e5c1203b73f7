// The dev server's builds, on a thread of their own. Reading, checking and
// rendering run synchronously for long stretches (a page of a megabyte of list
// lines takes seconds to check), and on the server's thread no tab would get a
// page, an event or even the overlay until they end. On its own thread the
// builder keeps what it learned between builds, as createBuilder does anywhere
// (see src/render/memory.ts), and the server's thread only serves.
//
// The media a build left for later (see `deferMedia`) are made on the same
// thread, one job per task, so the server can stop asking when a new build comes.
//
// Run from its TypeScript sources (the tests), the engine has no module a
// thread could load (src/threads.ts), and the builder runs on the server's
// thread as before.
import { build, createBuilder, type BuildOptions, type BuildResult, type Builder } from '../build.ts';
import { ContentError, type Diagnostic } from '../contracts/diagnostics.ts';
import type { MadeMedia, MediaJob } from '../contracts/media-job.ts';
import { serve, startThread, threadModule } from '../threads.ts';

const ROLE = 'dev-build';

/** A job a build left for later, as the server sees it: what it is part of and the files it makes. */
export type LaterJob = Pick<MediaJob, 'group' | 'paths'>;

/** What the dev server needs of a build: its files by path, its routes, what it rebuilt and its warnings. */
export interface DevBuild {
  /** Every output file, by path (sorted); a file the build left as it was keeps the previous build's contents. */
  files: Map<string, string | Uint8Array>;
  routes: string[];
  renderedRoutes: string[];
  diagnostics: Diagnostic[];
  stats: BuildResult['stats'];
  /** The media left to make (`make` makes them), photos first. */
  later: LaterJob[];
  /** Names this build's jobs for `make`. */
  build: number;
}

/** A made job's files, as the server keeps them. */
export interface DevMade {
  files: [string, Uint8Array][];
  diagnostics: Diagnostic[];
}

type DevTask = { role: typeof ROLE; options: BuildOptions } & (
  { kind: 'build'; changed?: readonly string[] } | { kind: 'make'; build: number; job: number } | { kind: 'preview'; file: string; text: string }
);

/** The page a form not yet saved would make, as the site renders it; or the errors that stop it, located in the form's file and elsewhere. */
export type PagePreview = { html: string } | { problems: Diagnostic[] };

/**
 * The page `file` makes with `text` in it, from a build of its own that writes nothing and keeps
 * nothing (the dev server's builder and its memory are left as they were). Photos the cache lacks
 * are shown by their stand-ins.
 */
export async function previewPage(options: BuildOptions, file: string, text: string): Promise<PagePreview> {
  const { cms: _editor, ...rest } = options;
  try {
    const result = await build({ ...rest, write: false, deferMedia: true, threads: 0, overlay: { file, text } });
    const page = result.pages.find((p) => p.source === file);
    // Kept going past a page with errors (as site dev builds), the build leaves that page out and says why.
    return page ? { html: page.html } : { problems: result.diagnostics.filter((d) => d.severity === 'error') };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.diagnostics.filter((d) => d.severity === 'error') };
    throw error;
  }
}

/**
 * A build's outcome as data, crossing threads. Problems in the content are an answer, not an error,
 * so they keep their class on this side; of the files only those that changed are copied across.
 */
type Outcome = { built: Omit<DevBuild, 'files'> & { paths: string[]; changedFiles: [string, string | Uint8Array][] } } | { diagnostics: Diagnostic[] };

/** A builder of dev builds, where it runs: it keeps the jobs of its last build that worked. */
function jobKeeper(options: BuildOptions) {
  const builder: Builder = createBuilder(options);
  let jobs: MediaJob[] = [];
  let built = 0;
  return {
    async build(changed: readonly string[] | undefined): Promise<{ result: BuildResult; build: number }> {
      const result = await builder.build(changed);
      jobs = result.later;
      return { result, build: ++built };
    },
    /** Job `job` of build `build`; null when a later build has replaced that build's jobs. */
    async make(build: number, job: number): Promise<DevMade | null> {
      const made: MadeMedia | undefined = build === built ? await jobs[job]?.make() : undefined;
      if (!made) return null;
      return { files: made.files.map((file) => [file.path, file.contents]), diagnostics: made.diagnostics };
    },
  };
}

/** The builder of the one dev server this thread builds for, and what it last sent of each file. */
let held: { keeper: ReturnType<typeof jobKeeper>; sent: Map<string, unknown> } | undefined;

serve<DevTask, Outcome | DevMade | PagePreview | null>(ROLE, async (task) => {
  held ??= { keeper: jobKeeper(task.options), sent: new Map() };
  if (task.kind === 'make') return held.keeper.make(task.build, task.job);
  if (task.kind === 'preview') return previewPage(task.options, task.file, task.text);
  try {
    const { result, build } = await held.keeper.build(task.changed);
    const { sent } = held;
    // A file kept in the cache is the same file while its place and size are: not read to be compared.
    const mark = (file: BuildResult['files'][number]) => (file.kept ? `${file.kept.file}\0${file.kept.size}` : file.contents);
    const changedFiles = result.files
      .filter((file) => sent.get(file.path) !== mark(file))
      .map((file): [string, string | Uint8Array] => [file.path, file.contents]);
    held.sent = new Map(result.files.map((file) => [file.path, mark(file)]));
    return { built: { ...summary(result), build, paths: result.files.map((file) => file.path), changedFiles } };
  } catch (error) {
    if (error instanceof ContentError) return { diagnostics: error.diagnostics };
    throw error;
  }
});

function summary(result: BuildResult): Omit<DevBuild, 'files' | 'build'> {
  return {
    routes: result.pages.map((page) => page.route),
    renderedRoutes: result.renderedRoutes,
    diagnostics: result.diagnostics,
    stats: result.stats,
    later: result.later.map(({ group, paths }) => ({ group, paths })),
  };
}

export interface DevBuilder {
  /** Builds again (see Builder.build); throws a ContentError when the content has errors. */
  build(changed?: readonly string[]): Promise<DevBuild>;
  /** Makes job `job` of build `build`'s `later`; null when a later build has replaced its jobs. */
  make(build: number, job: number): Promise<DevMade | null>;
  /** The page `file` would make with `text` in it (see previewPage). */
  preview(file: string, text: string): Promise<PagePreview>;
  /** Stops the thread, if there is one. */
  close(): Promise<void>;
}

/** A builder for `site dev`: on its own thread when the engine runs from its bundle, else on this one. */
export function devBuilder(options: BuildOptions): DevBuilder {
  const module = threadModule();
  if (!module) {
    const keeper = jobKeeper(options);
    return {
      build: async (changed) => {
        const { result, build } = await keeper.build(changed);
        return { ...summary(result), build, files: new Map(result.files.map((file) => [file.path, file.contents])) };
      },
      make: (build, job) => keeper.make(build, job),
      preview: (file, text) => previewPage(options, file, text),
      close: async () => {},
    };
  }
  const thread = startThread(module);
  let shown = new Map<string, string | Uint8Array>();
  return {
    async build(changed) {
      const task: DevTask = { role: ROLE, options, kind: 'build', ...(changed ? { changed } : {}) };
      const outcome = await thread.run<Outcome>(task);
      if ('diagnostics' in outcome) throw new ContentError(outcome.diagnostics);
      const { paths, changedFiles, ...rest } = outcome.built;
      const fresh = new Map(changedFiles);
      shown = new Map(paths.map((path) => [path, fresh.get(path) ?? shown.get(path)!]));
      return { ...rest, files: shown };
    },
    make: (build, job) => {
      const task: DevTask = { role: ROLE, options, kind: 'make', build, job };
      return thread.run<DevMade | null>(task);
    },
    preview: (file, text) => {
      const task: DevTask = { role: ROLE, options, kind: 'preview', file, text };
      return thread.run<PagePreview>(task);
    },
    close: () => thread.close(),
  };
}
