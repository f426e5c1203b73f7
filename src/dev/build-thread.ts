// The dev server's builds, on a thread of their own. Reading, checking and
// rendering run synchronously for long stretches (a post of a megabyte of list
// lines takes seconds to check), and on the server's thread no tab would get a
// page, an event or even the overlay until they end. On its own thread the
// builder keeps what it learned between builds, as createBuilder does anywhere
// (see src/render/memory.ts), and the server's thread only serves.
//
// Run from its TypeScript sources (the tests), the engine has no module a
// thread could load (src/threads.ts), and the builder runs on the server's
// thread as before.
import { createBuilder, type BuildOptions, type BuildResult, type Builder } from '../build.ts';
import { ContentError, type Diagnostic } from '../contracts/diagnostics.ts';
import { serve, startThread, threadModule } from '../threads.ts';

const ROLE = 'dev-build';

/** What the dev server needs of a build: its files by path, its routes, what it rebuilt and its warnings. */
export interface DevBuild {
  /** Every output file, by path (sorted); a file the build left as it was keeps the previous build's contents. */
  files: Map<string, string | Uint8Array>;
  routes: string[];
  renderedRoutes: string[];
  diagnostics: Diagnostic[];
  stats: BuildResult['stats'];
}

interface DevBuildTask {
  role: typeof ROLE;
  options: BuildOptions;
  changed?: readonly string[];
}

/**
 * A build's outcome as data, crossing threads. Problems in the content are an answer, not an error,
 * so they keep their class on this side; of the files only those that changed are copied across.
 */
type Outcome = { built: Omit<DevBuild, 'files'> & { paths: string[]; changedFiles: [string, string | Uint8Array][] } } | { diagnostics: Diagnostic[] };

/** The builder of the one dev server this thread builds for, and the files it last sent. */
let held: { builder: Builder; sent: Map<string, string | Uint8Array> } | undefined;

serve<DevBuildTask, Outcome>(ROLE, async (task) => {
  held ??= { builder: createBuilder(task.options), sent: new Map() };
  try {
    const result = await held.builder.build(task.changed);
    const { sent } = held;
    const changedFiles = result.files.filter((file) => sent.get(file.path) !== file.contents).map((file): [string, string | Uint8Array] => [file.path, file.contents]);
    held.sent = new Map(result.files.map((file) => [file.path, file.contents]));
    return { built: { ...summary(result), paths: result.files.map((file) => file.path), changedFiles } };
  } catch (error) {
    if (error instanceof ContentError) return { diagnostics: error.diagnostics };
    throw error;
  }
});

function summary(result: BuildResult): Omit<DevBuild, 'files'> {
  return { routes: result.pages.map((page) => page.route), renderedRoutes: result.renderedRoutes, diagnostics: result.diagnostics, stats: result.stats };
}

export interface DevBuilder {
  /** Builds again (see Builder.build); throws a ContentError when the content has errors. */
  build(changed?: readonly string[]): Promise<DevBuild>;
  /** Stops the thread, if there is one. */
  close(): Promise<void>;
}

/** A builder for `site dev`: on its own thread when the engine runs from its bundle, else on this one. */
export function devBuilder(options: BuildOptions): DevBuilder {
  const module = threadModule();
  if (!module) {
    const builder = createBuilder(options);
    return {
      build: async (changed) => {
        const result = await builder.build(changed);
        return { ...summary(result), files: new Map(result.files.map((file) => [file.path, file.contents])) };
      },
      close: async () => {},
    };
  }
  const thread = startThread(module);
  let shown = new Map<string, string | Uint8Array>();
  return {
    async build(changed) {
      const task: DevBuildTask = { role: ROLE, options, ...(changed ? { changed } : {}) };
      const outcome = await thread.run<Outcome>(task);
      if ('diagnostics' in outcome) throw new ContentError(outcome.diagnostics);
      const { paths, changedFiles, ...rest } = outcome.built;
      const fresh = new Map(changedFiles);
      shown = new Map(paths.map((path) => [path, fresh.get(path) ?? shown.get(path)!]));
      return { ...rest, files: shown };
    },
    close: () => thread.close(),
  };
}
