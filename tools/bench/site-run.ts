// One run of the site command in a new process, as an editor or CI starts it:
// its wall time, seen from here, and its peak resident memory, which only the
// system's accounting of the finished process knows. GNU time reports it where
// it is installed; elsewhere a module preloaded into the child writes Node's
// own figure as it exits (not when it dies of a signal, so then it is unknown).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface SiteRun {
  seconds: number;
  /** Peak resident set size of the process, in megabytes (10^6 bytes); undefined when nothing reported it. */
  peakMb?: number;
  /** Exit status, or the signal that ended it. A failure is a figure too (how long, how much memory), so it is returned, not thrown. */
  status: number | string;
  stdout: string;
  stderr: string;
}

const GNU_TIME = '/usr/bin/time';
// Both files live in the copy, and go with it.
const RSS_FILE = '.bench-rss';
const RSS_PROBE = '.bench-rss-probe.mjs';

/** Runs `node bin/site.js ...args` in `root`. */
export function runSite(root: string, args: string[]): Promise<SiteRun> {
  return runCommand(root, process.execPath, [join(root, 'bin/site.js'), ...args]);
}

/** A run of any command, timed and measured as runSite's: the bench times the peers' builds with it too. */
export type CommandRun = SiteRun;

/** Runs `command ...args` in `cwd`; the memory figure is the command's process and its children's largest. */
export async function runCommand(cwd: string, command: string, args: string[]): Promise<CommandRun> {
  const rssFile = join(cwd, RSS_FILE);
  await rm(rssFile, { force: true });
  const gnuTime = existsSync(GNU_TIME);
  const [program, programArgs] = gnuTime
    ? [GNU_TIME, ['-f', '%M', '-o', rssFile, command, ...args]]
    : command === process.execPath
      ? [command, ['--import', pathToFileURL(await rssProbe(cwd)).href, ...args]]
      : [command, args];

  const started = performance.now();
  const { status, stdout, stderr } = await new Promise<{ status: number | string; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(program, programArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SITE_BENCH_RSS: rssFile } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', fail);
    child.once('close', (code, signal) => done({ status: code ?? signal ?? 'unknown', stdout: out, stderr: err }));
  });
  const seconds = (performance.now() - started) / 1000;
  const report = await readFile(rssFile, 'utf8').catch(() => '');
  // GNU time puts a line about a failed command before the figure; both it and Node count in kilobytes of 1024 bytes.
  const kilobytes = Number(report.trim().split('\n').at(-1));
  return {
    seconds,
    ...(report && Number.isFinite(kilobytes) ? { peakMb: (kilobytes * 1024) / 1e6 } : {}),
    status: gnuTime ? statusOfTimed(status, report) : status,
    stdout,
    stderr,
  };
}

/** The middle of a series of figures (of an even count, the mean of the two in the middle). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** GNU time exits with the command's status, or 128 + the signal that ended it, and says which in its report. */
function statusOfTimed(status: number | string, report: string): number | string {
  const signal = /terminated by signal (\d+)/.exec(report)?.[1];
  return signal ? `signal ${signal}` : status;
}

async function rssProbe(root: string): Promise<string> {
  const file = join(root, RSS_PROBE);
  if (!existsSync(file)) {
    await writeFile(
      file,
      [
        "import { writeFileSync } from 'node:fs';",
        "process.on('exit', () => writeFileSync(process.env.SITE_BENCH_RSS, String(process.resourceUsage().maxRSS)));",
        '',
      ].join('\n'),
    );
  }
  return file;
}
