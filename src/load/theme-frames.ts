// Where in a template an error was thrown. The theme runs as one bundle in
// the cache folder (see typescript-module.ts), so a stack trace names that
// bundle, a file nobody wrote, unless Node maps it through the bundle's inline
// source map, which only happens when the caller enabled source maps. This
// maps the frames itself when they are not mapped yet, and returns the first
// one in the theme's own code.
import { readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import { isInside, relativePath } from '../folders.ts';
import { fileURLToPath } from 'node:url';
import { moduleFolder } from '../node-module.js';
import { isThemeSource } from '../contracts/project.ts';

/** A place in a project file: project-relative path, 1-based line and column. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

/**
 * The first frame of `stack` that lies in the theme's own code (see isThemeSource), mapped to its
 * source; and, when the throw was in a file the template calls (a helper of templates/lib/, say),
 * the last theme frame of another file as `caller`: the component React was rendering, which is
 * the template's own line an editor looks for.
 */
export function themeFrame(projectRoot: string, stack: string): (SourcePosition & { caller?: SourcePosition }) | undefined {
  const root = resolve(projectRoot);
  const bundles = moduleFolder(root);
  const theme: SourcePosition[] = [];
  for (const frame of stackFrames(stack)) {
    const original = isInside(bundles, frame.path) ? throughSourceMap(frame) : frame;
    if (!original) continue;
    const file = relativePath(root, original.path);
    if (isThemeSource(file)) theme.push({ file, line: original.line, column: original.column });
  }
  const [first] = theme;
  if (!first) return undefined;
  const caller = theme.findLast((position) => position.file !== first.file);
  return caller ? { ...first, caller } : first;
}

interface Frame {
  /** Absolute path of the file. */
  path: string;
  line: number;
  column: number;
}

/** The located frames of a V8 stack trace: `at name (place:line:column)` or `at place:line:column`. */
export function stackFrames(stack: string): Frame[] {
  const frames: Frame[] = [];
  for (const text of stack.split('\n')) {
    const match = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?\s*$/.exec(text);
    if (!match) continue;
    const path = pathOf(match[1]!);
    if (path) frames.push({ path, line: Number(match[2]), column: Number(match[3]) });
  }
  return frames;
}

/** A file path from a frame's place: a path, or a file: URL whose query (the bundle's version) is dropped. */
function pathOf(place: string): string | undefined {
  if (place.startsWith('file://')) {
    try {
      return fileURLToPath(place.replace(/[?#].*$/, ''));
    } catch {
      return undefined;
    }
  }
  return isAbsolute(place) ? place : undefined;
}

/** The source position a frame of a bundle stands for, through the bundle's inline source map. */
function throughSourceMap(frame: Frame): Frame | undefined {
  const map = inlineSourceMap(frame.path);
  // Stack positions are 1-based; source maps count from 0.
  const entry = map?.findEntry(frame.line - 1, frame.column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
  if (!entry?.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return undefined;
  const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : resolve(dirname(frame.path), entry.originalSource);
  return { path: source, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}

// A template that throws on every page asks for the same map once per page: each bundle's is read once.
const maps = new Map<string, { modified: number; map: SourceMap | undefined }>();

function inlineSourceMap(path: string): SourceMap | undefined {
  let modified: number;
  try {
    modified = statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
  const known = maps.get(path);
  if (known?.modified === modified) return known.map;
  const marker = '//# sourceMappingURL=data:application/json;base64,';
  const text = readFileSync(path, 'utf8');
  const at = text.lastIndexOf(marker);
  let map: SourceMap | undefined;
  try {
    map = at < 0 ? undefined : new SourceMap(JSON.parse(Buffer.from(text.slice(at + marker.length).trim(), 'base64').toString('utf8')));
  } catch {
    map = undefined;
  }
  maps.set(path, { modified, map });
  return map;
}
