// `site dev` as an editor runs it, in a copy of the project: the real CLI in its
// own process, and a listener on its event stream like the script in a tab.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export interface RunningDev {
  url: string;
  process: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node bin/site.js dev --port 0` in `root` and resolves once it serves. */
export function startDevProcess(root: string, args: string[] = []): Promise<RunningDev> {
  const child = spawn(process.execPath, [resolve(root, 'bin/site.js'), 'dev', '--port', '0', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`site dev did not start:\n${printed}`)), 30_000);
    const listen = (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /Serving .* at (http:\/\/\S+) /.exec(printed)?.[1];
      if (!url) return;
      clearTimeout(timer);
      done({
        url,
        process: child,
        output: () => printed,
        stop: () =>
          new Promise<void>((stopped) => {
            if (child.exitCode !== null) return stopped();
            child.once('exit', () => stopped());
            child.kill('SIGINT');
          }),
      });
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`site dev exited with ${code}:\n${printed}`)));
  });
}

export interface DevEvent {
  name: string;
  data: string;
}

/** A tab's event stream: events as they arrive, and a way to wait for the next of a kind. */
export async function listen(url: string, path: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/__site/events?path=${encodeURIComponent(path)}`, { signal: controller.signal });
  const events: DevEvent[] = [];
  const waiters: { name: string; from: number; done: (event: DevEvent) => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const event = events.slice(waiter.from).find((e) => e.name === waiter.name);
      if (event) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done(event);
      }
    }
  };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          if (name) events.push({ name, data: [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join('\n') });
        }
        check();
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    events,
    /** The next event named `name` after the `from`-th event (default: after those seen so far). */
    next(name: string, from = events.length, timeout = 15_000): Promise<DevEvent> {
      return new Promise((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no "${name}" event within ${timeout} ms; got ${events.map((e) => e.name).join(', ')}`)), timeout);
        waiters.push({ name, from, done: (event) => (clearTimeout(timer), done(event)) });
        check();
      });
    },
    close: () => controller.abort(),
  };
}
