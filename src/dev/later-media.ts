// The media a dev build left for later (see MediaJob), made after its reload: a
// job per core at a time, each file handed to the server as soon as it is made,
// a photo's tabs reloaded once all its files are, and progress for the terminal
// and the tabs' badge. A build that comes meanwhile goes first: the makers stop
// asking for jobs while one runs, and its own jobs (what is still missing) then
// replace these.
import { availableParallelism } from 'node:os';
import type { Diagnostic } from '../contracts/diagnostics.ts';
import { SHARE_CARDS } from '../contracts/media-job.ts';
import type { DevMade, LaterJob } from './build-thread.ts';
import { jobsLeft, progressOf, progressText, type MediaProgress } from './media-progress.ts';

/** Jobs at once: one per core (a card or a variant uses about one), at most 4. */
const AT_ONCE = Math.min(availableParallelism(), 4);

/** Progress reaches the tabs at most this often, in milliseconds. */
const TELL_EVERY = 250;

export interface LaterMediaHooks {
  /** Makes job `job` of build `build` (null: a later build replaced its jobs). */
  make(build: number, job: number): Promise<DevMade | null>;
  /** Whether a build is running or waiting: no job is started then. */
  busy(): boolean;
  /** Serves what a job made. */
  serve(made: DevMade): void;
  /** Reloads the tabs of pages that show any of `paths`; says how many. */
  reload(paths: readonly string[]): number;
  /** Tells the tabs how far the jobs are ('' when all are made). */
  tell(text: string): void;
  report(progress: MediaProgress): void;
  /** A job that failed in a way content cannot explain. */
  crashed(error: unknown): void;
}

export interface LaterMedia {
  /** Takes the jobs of a build that worked, in place of any left from an earlier one, and starts on them. */
  start(build: number, jobs: LaterJob[]): void;
  /** Goes on after a build that failed (or once nothing is busy). */
  resume(): void;
  /** What the badge says now ('' when nothing is left). */
  progress(): string;
  /** Settles once no job is being made; null when none is. */
  working(): Promise<void> | null;
}

interface Jobs {
  build: number;
  jobs: LaterJob[];
  next: number;
  /** How many of each group are still to make. */
  left: Map<string, number>;
  /** Cards or photos that could not be made, said when their group is whole. */
  problems: Diagnostic[];
  started: number;
}

/** The jobs being made and who makes them; shared by the functions below. */
interface Making {
  current: Jobs | null;
  /** Settles once the workers stop; null when none runs. */
  making: Promise<void> | null;
  /** When the tabs were last told how far the jobs are. */
  told: number;
}

export function laterMedia(hooks: LaterMediaHooks): LaterMedia {
  const state: Making = { current: null, making: null, told: 0 };
  return {
    start(build, jobs) {
      state.current = jobs.length > 0 ? { build, jobs, next: 0, left: jobsLeft(jobs), problems: [], started: performance.now() } : null;
      if (!state.current) return;
      hooks.report(progressOf(state.current.jobs, state.current.left, 'started'));
      hooks.tell(progressText(state.current.jobs, state.current.left));
      resume(state, hooks);
    },
    resume: () => resume(state, hooks),
    progress: () => (state.current ? progressText(state.current.jobs, state.current.left) : ''),
    working: () => state.making,
  };
}

/** Starts AT_ONCE workers, unless they run or nothing may start. */
function resume(state: Making, hooks: LaterMediaHooks): void {
  if (state.making || !more(state, hooks)) return;
  state.making = Promise.all(Array.from({ length: AT_ONCE }, () => worker(state, hooks)))
    .then(() => {}, hooks.crashed)
    .finally(() => {
      state.making = null;
      // Stopped for a build that has ended meanwhile: go on.
      resume(state, hooks);
    });
}

/** Whether a job is left to start and no build keeps it waiting. */
function more(state: Making, hooks: LaterMediaHooks): boolean {
  return state.current !== null && state.current.next < state.current.jobs.length && !hooks.busy();
}

/** Makes one job after another while there are more, serving each as it is made. */
async function worker(state: Making, hooks: LaterMediaHooks): Promise<void> {
  while (more(state, hooks)) {
    const these = state.current!;
    const index = these.next++;
    let made: DevMade | null = null;
    try {
      made = await hooks.make(these.build, index);
    } catch (error) {
      hooks.crashed(error);
    }
    // Names are of the files' contents: a file made for an earlier build is right wherever it is named.
    if (made) hooks.serve(made);
    if (state.current === these) counted(state, hooks, these, these.jobs[index]!.group, made);
  }
}

/** A job of `group` is done: its problems kept, and the group said whole, or the tabs told how far all are (at most every TELL_EVERY). */
function counted(state: Making, hooks: LaterMediaHooks, these: Jobs, group: string, made: DevMade | null): void {
  these.problems.push(...(made?.diagnostics ?? []));
  const left = these.left.get(group)! - 1;
  these.left.set(group, left);
  if (left === 0) whole(hooks, these, group);
  else if (performance.now() - state.told >= TELL_EVERY) {
    state.told = performance.now();
    hooks.tell(progressText(these.jobs, these.left));
  }
}

/** A group is whole: a photo's tabs reload to show it; the terminal hears of it, and at the end the tabs. */
function whole(hooks: LaterMediaHooks, these: Jobs, group: string): void {
  const paths = these.jobs.filter((job) => job.group === group).flatMap((job) => job.paths);
  const reloaded = group === SHARE_CARDS ? 0 : hooks.reload(paths);
  const done = [...these.left.values()].every((n) => n === 0);
  const milliseconds = Math.round(performance.now() - these.started);
  hooks.report({ ...progressOf(these.jobs, these.left, done ? 'done' : 'made'), group, reloaded, milliseconds, diagnostics: these.problems.splice(0) });
  hooks.tell(progressText(these.jobs, these.left));
}
