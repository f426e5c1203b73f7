// Options and argument parsers more than one command takes. Each command gets an Option of its own:
// commander only reads an Option's settings, so one made per command behaves as one shared would.
import { InvalidArgumentError, Option } from 'commander';
import { cmsBackend } from '../cms/backend.ts';
import type { CmsBackend } from '../cms/config.ts';

/** `--base-url`, also read from SITE_BASE_URL. */
export function baseUrlOption(): Option {
  return new Option('--base-url <url>', 'absolute URL the site is served from (overrides site.yaml)').env('SITE_BASE_URL');
}

/** `--no-editor` for the commands that build: without the browser editor at /admin. */
export function editorOption(): Option {
  return new Option('--no-editor', 'leave out the browser editor at /admin (docs/editing-online.md)');
}

/** The build's editor option for the project at `root`: on unless `--no-editor`; `decap` when its files are written. */
export function editorFor(root: string, editor: boolean, decap: boolean): { cms?: CmsBackend & { decap: boolean } } {
  return editor ? { cms: { ...cmsBackend(root), decap } } : {};
}

/** `--threads <n|auto>` for the commands that parse and render. */
export function threadsOption(): Option {
  return new Option('--threads <n>', 'threads to parse and render on: a number, or auto (one per core, up to 4, for large sites)')
    .default('auto' as const)
    .argParser(threadCount);
}

export function threadCount(value: string): number | 'auto' {
  const count = Number(value);
  if (value === 'auto') return value;
  if (!/^\d+$/.test(value) || count < 1 || count > 64) throw new InvalidArgumentError('It takes a whole number from 1 to 64, or auto.');
  return count;
}

export function portNumber(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535.');
  return port;
}
