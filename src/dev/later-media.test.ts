// laterMedia under generated sequences of builds: whatever builds come while
// jobs are being made (and whether they work), every file the last build that
// worked left for later is served, each of its photos is reported whole once
// with its tabs reloaded, and no job is started while a build is busy.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DevMade, LaterJob } from './build-thread.ts';
import { laterMedia } from './later-media.ts';
import type { MediaProgress } from './media-progress.ts';

/** A build's jobs: a few photos of a few files each, then share cards. */
const buildJobs = fc
  .tuple(fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 3 }))
  .map(([photos, cards, seed]): LaterJob[] => [
    ...photos.flatMap((files, p) =>
      Array.from({ length: files }, (_, f) => ({ group: `/images/p${seed}-${p}.jpg`, paths: [`assets/images/p${seed}-${p}-${f}.avif`] })),
    ),
    ...Array.from({ length: cards }, (_, c) => ({ group: 'share cards', paths: [`assets/share/c${seed}-${c}.png`] })),
  ]);

/** What happens while jobs are made: a build that works (with its jobs), or one that fails, after some ticks. */
const step = fc.record({ after: fc.integer({ min: 0, max: 5 }), works: fc.boolean(), jobs: buildJobs });

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('laterMedia', () => {
  it('serves every file the last build that worked left, reports each of its photos once, and starts no job while a build runs', async () => {
    await fc.assert(
      fc.asyncProperty(buildJobs, fc.array(step, { maxLength: 4 }), async (firstJobs, steps) => {
        const builds = new Map<number, LaterJob[]>();
        let latest = 0;
        let busy = false;
        const served = new Set<string>();
        const reports: MediaProgress[] = [];
        const reloads: string[][] = [];
        const media = laterMedia({
          async make(build, job) {
            expect(busy, 'a job started while a build ran').toBe(false);
            await tick();
            // A job of a build that a later one replaced is not made.
            if (build !== latest) return null;
            const made: DevMade = { files: builds.get(build)![job]!.paths.map((path) => [path, new Uint8Array([1])]), diagnostics: [] };
            return made;
          },
          busy: () => busy,
          serve: (made) => made.files.forEach(([path]) => served.add(path)),
          reload: (paths) => (reloads.push([...paths]), 1),
          tell: () => {},
          report: (progress) => reports.push(progress),
          crashed: (error) => {
            throw error;
          },
        });
        const start = (jobs: LaterJob[]) => {
          builds.set(++latest, jobs);
          reports.length = 0;
          reloads.length = 0;
          media.start(latest, jobs);
        };
        start(firstJobs);
        let last = firstJobs;
        for (const { after, works, jobs } of steps) {
          for (let i = 0; i < after; i++) await tick();
          busy = true;
          await tick();
          busy = false;
          if (works) {
            start(jobs);
            last = jobs;
          } else media.resume();
        }
        while (media.working()) await media.working();
        for (const job of last) for (const path of job.paths) expect(served.has(path), path).toBe(true);
        const photos = [...new Set(last.filter((job) => job.group !== 'share cards').map((job) => job.group))];
        expect(
          reports
            .filter((r) => r.phase !== 'started' && r.group !== 'share cards')
            .map((r) => r.group)
            .sort(),
        ).toEqual(photos.sort());
        expect(reloads.length).toBe(photos.length);
        if (last.length > 0) expect(reports.at(-1)!.phase).toBe('done');
        expect(media.progress()).toBe('');
      }),
      { numRuns: 200 },
    );
  });
});
