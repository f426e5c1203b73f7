// How long each stage of a build took, and how large the process was as it ended: the figures
// `BuildResult.stats` reports and the benches print.

export interface StageClock {
  /** Milliseconds per stage (stages that overlap, like bundle, are timed on their own). */
  stages: Record<string, number>;
  /** Megabytes: the process's resident size as each stage ended. */
  memory: Record<string, number>;
  /** Runs `run` as (part of) stage `name`. */
  time<T>(name: string, run: () => T | Promise<T>): Promise<T>;
  /** Milliseconds since the clock started. */
  total(): number;
}

export function stageClock(): StageClock {
  const started = performance.now();
  const stages: Record<string, number> = {};
  const memory: Record<string, number> = {};
  return {
    stages,
    memory,
    async time(name, run) {
      const from = performance.now();
      try {
        return await run();
      } finally {
        stages[name] = Math.round((stages[name] ?? 0) + performance.now() - from);
        // The process's size as the stage ends: where memory grows is where to look first.
        memory[name] = megabytes(process.memoryUsage.rss());
      }
    },
    total: () => Math.round(performance.now() - started),
  };
}

/** The process's largest resident size so far, in megabytes. */
export function peakMegabytes(): number {
  return megabytes(process.resourceUsage().maxRSS * 1024);
}

function megabytes(bytes: number): number {
  return Math.round(bytes / 1_048_576);
}
