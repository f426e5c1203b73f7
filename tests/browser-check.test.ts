// `npm test` on a fresh machine: the browser its tests drive is found, installed from Debian's package
// where this runs as root with apt-get, or asked for in one line naming the command (tools/browser-check.ts).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { browserPath, browserPlan } from '../tools/browser-check.ts';

describe('the browser npm test needs', () => {
  it('is found, installed or asked for, on every kind of machine', () => {
    for (const path of ['/usr/bin/chromium', '/opt/chromium/chrome'])
      for (const found of [true, false])
        for (const root of [true, false])
          for (const apt of [true, false]) {
            const plan = browserPlan({ path, found, root, apt });
            const what = JSON.stringify({ path, found, root, apt });
            if (found) expect(plan, what).toEqual({ kind: 'found' });
            else if (root && apt && path === '/usr/bin/chromium') expect(plan.kind, what).toBe('install');
            else {
              expect(plan.kind, what).toBe('ask');
              // One line, naming where it looked and the command that fixes it.
              const line = (plan as { line: string }).line;
              expect(line, what).not.toContain('\n');
              expect(line, what).toContain(path);
              expect(line, what).toMatch(/apt-get install chromium|CHROME_PATH/);
            }
          }
  });

  it('is CHROME_PATH when set, else Debian’s', () => {
    expect(browserPath({})).toBe('/usr/bin/chromium');
    expect(browserPath({ CHROME_PATH: '' })).toBe('/usr/bin/chromium');
    expect(browserPath({ CHROME_PATH: '/opt/c' })).toBe('/opt/c');
  });

  it('stops npm test at once with that one line when the browser named is not there', () => {
    const run = spawnSync(process.execPath, ['tools/run.js', 'tools/browser-check.ts'], {
      env: { ...process.env, CHROME_PATH: '/nowhere/chromium' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^npm test: the browser tests need Chromium, and there is none at \/nowhere\/chromium: set CHROME_PATH/),
    ]);
    // With the browser there, it says nothing.
    const found = spawnSync(process.execPath, ['tools/run.js', 'tools/browser-check.ts'], {
      env: { ...process.env, CHROME_PATH: process.execPath },
      encoding: 'utf8',
    });
    expect([found.status, found.stdout, found.stderr]).toEqual([0, '', '']);
  });
});
