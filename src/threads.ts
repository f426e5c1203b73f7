// Work on other threads. A thread runs the module that holds this code: the
// engine's bundle, as the CLI runs it (bin/site.js), with a task whose `role`
// says which part of the engine answers it. Run from its TypeScript sources, as
// the tests run it, the engine has no module a thread could load, and its
// callers do the work on their own thread.
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** The file a thread can run, or undefined when the engine runs from its sources. */
export function threadModule(): string | undefined {
  const file = fileURLToPath(import.meta.url);
  return /\.m?js$/.test(file) ? file : undefined;
}

/** Runs `task` on a new thread of `module`; resolves with what the thread's `serve` for its role returns. */
export function onThread<R>(module: string, task: { role: string }): Promise<R> {
  return new Promise<R>((done, fail) => {
    const worker = new Worker(module, { workerData: task });
    worker.once('message', (result: R) => done(result));
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`a thread (${task.role}) stopped (exit code ${code}) before it finished`)));
  });
}

/** In a thread started for `role`: works out the task and sends the result back. Does nothing elsewhere. */
export function serve<T extends { role: string }, R>(role: string, work: (task: T) => R | Promise<R>): void {
  if (isMainThread || (workerData as T | undefined)?.role !== role) return;
  Promise.resolve(workerData as T).then(work).then(
    (result) => parentPort!.postMessage(result),
    (error: unknown) => {
      // Thrown out of the thread, it reaches the caller's 'error' handler.
      setImmediate(() => {
        throw error;
      });
    },
  );
}
