// Work on other threads. A thread runs the module that holds this code: the
// engine's bundle, as the CLI runs it (bin/site.js), and answers tasks whose
// `role` says which part of the engine answers them. Run from its TypeScript
// sources, as the tests run it, the engine has no module a thread could load,
// and its callers do the work on their own thread.
//
// A thread takes a few hundred milliseconds to start (it loads the whole engine),
// so a build starts its threads as soon as it knows the site is large, and they
// load the engine and the theme while it reads and checks the content; the same
// threads then parse and render.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { ContentError, diagnostic } from './contracts/diagnostics.ts';

/** The file a thread can run, or undefined when the engine runs from its sources. */
export function threadModule(): string | undefined {
  const file = fileURLToPath(import.meta.url);
  return /\.[cm]?js$/.test(file) ? file : undefined;
}

/**
 * The threads beside this one that work on `items` things (BuildOptions.threads): `auto` is one per core
 * (at most 4, counting this one) from `enough` things on, where their start-up pays; none from sources.
 */
export function startThreads(threads: number | 'auto' | undefined, items: number, enough: number): Thread[] {
  const module = threadModule();
  if (!module || threads === undefined) return [];
  const wanted = threads !== 'auto' ? Math.max(1, Math.floor(threads)) : items < enough ? 1 : Math.min(availableParallelism(), 4);
  // No heap limit of their own (see startThread): one below 2 GB, where V8 collects a heap whole at twice what is live
  // instead of four times, took a tenth off the peak of a cold 10,000-page build and added 5-7% to its time.
  return Array.from({ length: wanted - 1 }, () => startThread(module));
}

/** Stops `threads` (what they were doing is abandoned). */
export async function closeThreads(threads: readonly Thread[]): Promise<void> {
  await Promise.all(threads.map((thread) => thread.close()));
}

/** Marks a thread started by startThread, in its workerData. */
const ENGINE_THREAD = 'site-engine-thread';

/** A started thread: it answers tasks one after another until closed. */
export interface Thread {
  /** Runs `task` on the thread; resolves with what its role's `serve` returns, rejects with what it throws. */
  run<R>(task: { role: string }): Promise<R>;
  /** Stops the thread (tasks still running are abandoned). */
  close(): Promise<void>;
}

interface Reply {
  id: number;
  result?: unknown;
  error?: unknown;
  /** The error's own fields that a copy across threads drops (a file system error's code, syscall and path). */
  fields?: Record<string, string | number>;
  failed: boolean;
}

/**
 * Starts a thread of `module`; it begins loading the engine at once. `heapLimit` limits its old generation (MB);
 * without it, the thread may use as much as this one (Node's default for the machine, or --max-old-space-size).
 */
export function startThread(module: string, heapLimit?: number): Thread {
  const limits = heapLimit === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: heapLimit } };
  const worker = new Worker(module, { workerData: { role: ENGINE_THREAD }, ...limits });
  const waiting = new Map<number, { done: (value: unknown) => void; fail: (error: unknown) => void }>();
  let next = 0;
  // An idle thread does not keep the process alive; one with work to do does, and one being stopped, until it has.
  let closing = false;
  const holdOpen = () => (closing || waiting.size > 0 ? worker.ref() : worker.unref());
  holdOpen();
  const failAll = (error: unknown) => {
    for (const { fail } of waiting.values()) fail(error);
    waiting.clear();
    holdOpen();
  };
  worker.on('message', ({ id, result, error, fields, failed }: Reply) => {
    const waiter = waiting.get(id);
    waiting.delete(id);
    holdOpen();
    if (failed) waiter?.fail(typeof error === 'object' && error !== null && fields ? Object.assign(error, fields) : error);
    else waiter?.done(result);
  });
  // A thread that runs out of memory is stopped by Node; the build cannot go on, and says so in plain words.
  worker.on('error', (error: NodeJS.ErrnoException) => failAll(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory(heapLimit) : error));
  worker.on('exit', (code) => failAll(new Error(`a thread stopped (exit code ${code}) before it finished`)));
  return {
    run<R>(task: { role: string }) {
      return new Promise<R>((done, fail) => {
        const id = next++;
        waiting.set(id, { done: done as (value: unknown) => void, fail });
        holdOpen();
        worker.postMessage({ id, task });
      });
    },
    close: async () => {
      // Held open until it has stopped. A thread may answer a task nobody waits for any more while it stops (a
      // parse task it was shut out of, as it started late); as an idle thread it let go of the process, which then
      // ended with the stop still awaited (exit code 13).
      closing = true;
      holdOpen();
      await worker.terminate();
    },
  };
}

const MB = 1024 * 1024;

/** The problem of a thread that ran out of memory, with the limit it had (its old generation's; this thread's when none was given). */
function outOfMemory(heapLimit: number | undefined): ContentError {
  const limit = heapLimit ?? getHeapStatistics().heap_size_limit / MB;
  return new ContentError([diagnostic('thread-memory', { file: '--threads' }, { limit: Math.round(limit) })]);
}

/**
 * The roles a thread answers, one table per thread however many copies of this module it loads: the
 * theme's bundle carries a copy of the engine too, and a second listener of its own would answer a
 * task with the roles its copy knows (none of the dev server's, say) before the first could.
 */
const roles: Map<string, (task: { role: string }) => unknown> = ((globalThis as Record<symbol, unknown>)[Symbol.for('site-engine-thread-roles')] ??=
  new Map()) as Map<string, (task: { role: string }) => unknown>;

/** In an engine thread: answers the tasks of `role` with `work` (the first copy of the engine to name a role answers it). Does nothing elsewhere. */
export function serve<T extends { role: string }, R>(role: string, work: (task: T) => R | Promise<R>): void {
  if (isMainThread || (workerData as { role?: string } | undefined)?.role !== ENGINE_THREAD) return;
  if (roles.has(role)) return;
  if (roles.size === 0) {
    // Messages wait until the engine's module has run, so every role is known by the first.
    parentPort!.on('message', ({ id, task }: { id: number; task: { role: string } }) => {
      const work = roles.get(task.role);
      Promise.resolve(task)
        .then((t) => {
          if (!work) throw new Error(`no part of the engine answers "${t.role}" on a thread`);
          return work(t);
        })
        .then(
          (result) => parentPort!.postMessage({ id, result, failed: false } satisfies Reply),
          (error: unknown) => {
            const fields = ownFields(error);
            try {
              parentPort!.postMessage({ id, error, fields, failed: true } satisfies Reply);
            } catch {
              // An error that cannot be copied across threads is sent as its text.
              parentPort!.postMessage({ id, error: new Error(String(error)), fields, failed: true } satisfies Reply);
            }
          },
        );
    });
  }
  roles.set(role, work as (task: { role: string }) => unknown);
}

/**
 * The text and number fields of an error beside its message: copying an Error to another thread keeps
 * only its name, message and stack, and the write stage tells a full disk or a refused folder (a
 * problem at --out) from a bug by the file system error's `code`.
 */
function ownFields(error: unknown): Record<string, string | number> | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return Object.keys(fields).length > 0 ? fields : undefined;
}
