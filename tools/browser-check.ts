// `npm test` starts here: its browser tests drive Debian's Chromium
// (playwright-core, never a downloaded browser), which a fresh machine lacks.
// Found, nothing happens. Missing, on a machine where this runs as root with
// apt-get (a container, a CI runner), Debian's package is installed, saying so;
// anywhere else the tests stop at once with one line naming the command to run.
//
//   node tools/run.js tools/browser-check.ts
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { guardedMain } from './guarded-main.ts';

export const main = guardedMain('browser-check', async () => {
  const path = browserPath(process.env);
  const plan = browserPlan({ path, found: runnable(path), root: process.getuid?.() === 0, apt: runnable('/usr/bin/apt-get') });
  if (plan.kind === 'found') return 0;
  if (plan.kind === 'ask') {
    console.error(plan.line);
    return 1;
  }
  console.log(plan.line);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (run.status !== 0) {
      console.error(
        `npm test: apt-get ${args.join(' ')} failed (exit ${run.status ?? run.signal}); install Debian's chromium package, then run npm test again.`,
      );
      return 1;
    }
  }
  if (!runnable(path)) {
    console.error(`npm test: Debian's chromium package is installed, but ${path} is still missing; set CHROME_PATH to the Chromium it installed.`);
    return 1;
  }
  return 0;
});

/** The Chromium the tests and the audit drive: CHROME_PATH, else Debian's. */
export function browserPath(env: NodeJS.ProcessEnv): string {
  return env.CHROME_PATH || '/usr/bin/chromium';
}

export type BrowserPlan = { kind: 'found' } | { kind: 'install'; line: string } | { kind: 'ask'; line: string };

/** What to do about the browser, from what the machine has: pure, so every case is tested. */
export function browserPlan(machine: { path: string; found: boolean; root: boolean; apt: boolean }): BrowserPlan {
  if (machine.found) return { kind: 'found' };
  // Only Debian's own path is what its package installs; a CHROME_PATH elsewhere is the user's to fix.
  if (machine.root && machine.apt && machine.path === '/usr/bin/chromium') {
    return {
      kind: 'install',
      line: "npm test: no Chromium at /usr/bin/chromium for the browser tests; installing Debian's chromium package (apt-get install chromium)…",
    };
  }
  const how =
    machine.path === '/usr/bin/chromium'
      ? `install Debian's Chromium (sudo apt-get install chromium) or set CHROME_PATH to a Chromium`
      : `set CHROME_PATH to a Chromium that is there, or leave it unset for Debian's (sudo apt-get install chromium)`;
  return { kind: 'ask', line: `npm test: the browser tests need Chromium, and there is none at ${machine.path}: ${how}, then run npm test again.` };
}

function runnable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
