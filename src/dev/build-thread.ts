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

interface DevBuildTask {
  role: typeof ROLE;
  options: BuildOptions;
  changed?: readonly string[];
}

/** A build's outcome as data: problems in the content are an answer, not an error, so they keep their class on this side. */
type Outcome = { result: BuildResult } | { diagnostics: Diagnostic[] };

/** The builder of the one dev server this thread builds for. */
let held: Builder | undefined;

serve<DevBuildTask, Outcome>(ROLE, async (task) => {
  held ??= createBuilder(task.options);
  try {
    return { result: await held.build(task.changed) };
  } catch (error) {
    if (error instanceof ContentError) return { diagnostics: error.diagnostics };
    throw error;
  }
});

export interface DevBuilder extends Builder {
  /** Stops the thread, if there is one. */
  close(): Promise<void>;
}

/** A builder for `site dev`: on its own thread when the engine runs from its bundle, else on this one. */
export function devBuilder(options: BuildOptions): DevBuilder {
  const module = threadModule();
  if (!module) {
    const builder = createBuilder(options);
    return { build: (changed) => builder.build(changed), close: async () => {} };
  }
  const thread = startThread(module);
  return {
    async build(changed) {
      const task: DevBuildTask = { role: ROLE, options, ...(changed ? { changed } : {}) };
      const outcome = await thread.run<Outcome>(task);
      if ('diagnostics' in outcome) throw new ContentError(outcome.diagnostics);
      return outcome.result;
    },
    close: () => thread.close(),
  };
}
