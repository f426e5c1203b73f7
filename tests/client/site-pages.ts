// The real site, built once per test file, so the client scripts are tested
// against the markup the templates actually render. The build runs in its own
// process: esbuild refuses to start inside jsdom's globals.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { outputFileFor } from 'trn-site/internal/url.ts';

let dir: string | undefined;

/** Call at the top of a test file: builds the site before its tests and removes the build after them. */
export function useBuiltSite(): void {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-client-'));
    await promisify(execFile)(process.execPath, ['bin/site.js', 'build', '--out', dir, '--quiet'], { maxBuffer: 16 * 1024 * 1024 });
  }, 120_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
}

/** The rendered HTML of a route, from the file the build wrote for it (src/url.ts says which). */
export async function pageHtml(route: string): Promise<string> {
  if (!dir) throw new Error('Call useBuiltSite() at the top of the test file.');
  return readFile(join(dir, outputFileFor(route)), 'utf8');
}

/**
 * Puts the page of `route` into jsdom's document at address `url` (the route
 * by default; give a query string to test what the URL carries). Scripts in
 * the page do not run: each test starts the enhancement it tests.
 */
export async function openPage(route: string, url: string = route): Promise<void> {
  const html = await pageHtml(route);
  history.replaceState(null, '', url);
  const inner = html
    .replace(/^<!DOCTYPE html>/i, '')
    .replace(/^<html[^>]*>/, '')
    .replace(/<\/html>\s*$/, '');
  document.documentElement.innerHTML = inner;
  for (const name of [...document.documentElement.getAttributeNames()]) document.documentElement.removeAttribute(name);
}

/** A matchMedia that answers `matches` for every query (jsdom has none). */
export function stubMatchMedia(matches: (query: string) => boolean = () => false): void {
  window.matchMedia = ((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** An IntersectionObserver stand-in whose observed elements a test moves in and out of view. */
export class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  /** Reports `target` entering (true) or leaving (false) the viewport to every observer watching it. */
  static report(target: Element, isIntersecting: boolean) {
    for (const observer of FakeIntersectionObserver.all) {
      if (!observer.targets.has(target)) continue;
      const entry = { target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
  static install() {
    FakeIntersectionObserver.all = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  }
}
