// One rebuild at a time: the changes that arrive while one runs wait, and go together once it ends.

export interface RebuildQueue {
  /** Changed project-relative paths: they join the batch waiting, or make one to run after the running rebuild. */
  add(paths: string[]): void;
  /** Whether a batch waits for the running rebuild. */
  waiting(): boolean;
  /** The rebuild running, or the last one (a new promise for each batch). */
  running(): Promise<void>;
}

/** `first`: the build already running; `rebuild` runs each batch after it. */
export function rebuildQueue(first: Promise<void>, rebuild: (batch: string[]) => Promise<void>): RebuildQueue {
  let running = first;
  let waiting: Set<string> | null = null;
  return {
    add(paths) {
      if (waiting) {
        for (const path of paths) waiting.add(path);
        return;
      }
      waiting = new Set(paths);
      running = running.then(() => {
        const batch = [...waiting!];
        waiting = null;
        return rebuild(batch);
      });
    },
    waiting: () => waiting !== null,
    running: () => running,
  };
}
