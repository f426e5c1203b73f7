// Builds killed at random moments (npm run test:hardening): `site build` is sent
// SIGKILL 50 times, most of them near its end, where the new output tree is
// swapped in. After each, and once the next command has put back what a kill
// set aside (as every command does first), the output folder is exactly the
// previous complete build or the new one, and nothing is left beside it.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recover } from 'trn-site/internal/write/write.ts';
import { OUTPUT_MARKER } from 'trn-site/internal/write/output-folder.ts';
import { copyFixture, type Project, treesLeftBeside } from '../helpers/fixture.ts';

const KILLS = 50;
const bin = resolve('bin/site.js');

let project: Project;
const versions = ['heading: Services one', 'heading: Services two'];
const trees: string[] = [];

/** Every file and its bytes; the marker's lines without the times its build wrote each file, which no two builds share. */
async function tree(dir: string): Promise<string> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    let bytes = (await readFile(join(entry.parentPath, entry.name))).toString('latin1');
    if (entry.name === OUTPUT_MARKER && entry.parentPath === dir) bytes = bytes.replace(/^([0-9a-f]{64} \d+) \d+ /gm, '$1 ');
    files.push(`${join(entry.parentPath, entry.name).slice(dir.length)} ${Buffer.from(bytes, 'latin1').toString('base64')}`);
  }
  return files.sort().join('\n');
}

/** Runs `site build`; with `killAfter`, SIGKILLs it then. Resolves with whether the kill landed and how long the build ran. */
function runBuild(killAfter?: number): Promise<{ killed: boolean; ms: number }> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, 'build', '--quiet'], { cwd: project.root, stdio: 'ignore' });
    let killed = false;
    const timer = killAfter === undefined ? undefined : setTimeout(() => (killed = child.kill('SIGKILL')), killAfter);
    child.once('exit', (_code, signal) => {
      clearTimeout(timer);
      done({ killed: killed && signal === 'SIGKILL', ms: performance.now() - started });
    });
  });
}

async function useVersion(index: number): Promise<void> {
  const text = await project.read('pages/services.yaml');
  await project.write('pages/services.yaml', text.replace(/heading: .*/, versions[index]!));
}

beforeAll(async () => {
  project = await copyFixture();
  // The two complete builds a kill may leave: one per version of the content.
  for (const index of [0, 1]) {
    await useVersion(index);
    await runBuild();
    trees[index] = await tree(join(project.root, 'dist'));
  }
  expect(trees[0]).not.toBe(trees[1]);
}, 120_000);

afterAll(() => project?.remove());

describe('a killed build', () => {
  it(`leaves the previous or the new complete build, ${KILLS} times`, async () => {
    // How long a whole build takes here, to aim the kills: the fastest of three, as the builds between kills run warm.
    const durations = [(await runBuild()).ms, (await runBuild()).ms, (await runBuild()).ms].sort((a, b) => a - b);
    let whole = durations[0]!;
    let landed = 0;
    const outcomes = { previous: 0, next: 0 };
    let current = 1;
    for (let kill = 0; kill < KILLS; kill++) {
      const target = 1 - current;
      await useVersion(target);
      // Seven kills in ten fall in the last fifth of the build, where the tree is written and swapped.
      const at = Math.random() < 0.7 ? whole * (0.8 + 0.3 * Math.random()) : whole * 0.8 * Math.random();
      const run = await runBuild(at);
      if (run.killed) landed++;
      // A build the kill missed ran whole in less: the aim follows the machine (measured while it was busier, it would miss most kills).
      else whole = Math.min(whole, run.ms);
      await recover(join(project.root, 'dist'));
      const now = await tree(join(project.root, 'dist'));
      expect([trees[current], trees[target]], `kill ${kill + 1} at ${at.toFixed(0)} ms`).toContain(now);
      if (now === trees[target]) {
        outcomes.next++;
        current = target;
      } else outcomes.previous++;
      expect(await treesLeftBeside(project.root)).toEqual([]);
    }
    console.log(
      `killed builds: ${KILLS} kills aimed at a ${durations[0]!.toFixed(0)} ms build (${whole.toFixed(0)} ms at the end), ${landed} landed while it ran; left the previous build ${outcomes.previous} times, the new one ${outcomes.next} times, never anything else`,
    );
    expect(landed).toBeGreaterThan(KILLS / 2);
  }, 300_000);
});
