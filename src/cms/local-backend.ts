// The browser editor's local backend: what Decap CMS asks a local server for when it edits the
// files of the project on this machine (its "proxy" protocol: one POST per action, JSON in and out),
// answered by `site dev` itself, so a save writes the file and the dev server rebuilds and reloads.
// Only content is reachable: site.yaml, the page files under pages/, and pictures under static/; a
// path that leaves them, goes through a link or names anything else is refused.
import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { PAGES_DIR, REDIRECTS_FILES, SITE_FILE, STATIC_DIR } from '../contracts/project.ts';
import { MODELINE_START, modelineFor } from '../validate/validate.ts';
import { keptFormat } from './kept-format.ts';
import { isWithin } from '../folders.ts';
import { readContentFile } from '../load/content-file.ts';
import { MAX_FILE_BYTES } from '../validate/limits.ts';

/** What the editor is answered: a status and a JSON body. */
export interface LocalAnswer {
  status: number;
  body: unknown;
}

/** The largest picture the editor may upload: a phone's photo is a few megabytes. */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;
/** Pictures the image pipeline makes variants of (SVG is left out: a drawing can hold script). */
const PICTURE = /\.(?:jpe?g|png|webp|avif)$/i;
const PAGE = /\.(?:ya?ml|md)$/i;

class Refused extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Answers one request of the editor about the project at `root`. Never throws. */
export async function answerLocal(root: string, request: unknown): Promise<LocalAnswer> {
  try {
    if (!request || typeof request !== 'object') throw new Refused('expected a JSON object with an action');
    const { action, params = {} } = request as { action?: unknown; params?: Record<string, unknown> };
    if (typeof params !== 'object' || params === null) throw new Refused('params must be an object');
    return { status: 200, body: await act(resolve(root), String(action), params) };
  } catch (error) {
    if (error instanceof Refused) return { status: error.status, body: { error: error.message } };
    const code = (error as NodeJS.ErrnoException).code;
    return { status: 500, body: { error: `the file could not be read or written${code ? ` (${code})` : ''}` } };
  }
}

async function act(root: string, action: string, params: Record<string, unknown>): Promise<unknown> {
  switch (action) {
    case 'info':
      return { repo: posix.basename(root.replace(/\\/g, '/')), publish_modes: ['simple'], type: 'local_fs' };
    case 'entriesByFolder': {
      const folder = contentPath(params.folder, 'folder');
      const extension = typeof params.extension === 'string' ? params.extension : '';
      const depth = typeof params.depth === 'number' ? Math.min(Math.max(params.depth, 1), 8) : 1;
      const files = (await listFiles(root, folder, depth)).filter((f) => f.endsWith(extension ? `.${extension.replace(/^\./, '')}` : '') && PAGE.test(f));
      return Promise.all(files.map((file) => entryOf(root, file)));
    }
    case 'entriesByFiles':
      return Promise.all(arrayOf(params.files).map((f) => entryOf(root, editablePath((f as { path?: unknown })?.path))));
    case 'getEntry':
      return entryOf(root, editablePath(params.path));
    case 'persistEntry':
      return persistEntry(root, params);
    case 'getMedia': {
      const folder = mediaPath(params.mediaFolder, 'folder');
      const files = (await listFiles(root, folder, 1)).filter((f) => PICTURE.test(f));
      return Promise.all(files.map((file) => mediaOf(root, file)));
    }
    case 'getMediaFile':
      return mediaOf(root, mediaPath(params.path, 'file'));
    case 'persistMedia': {
      const asset = params.asset as { path?: unknown; content?: unknown; encoding?: unknown } | undefined;
      const path = mediaPath(asset?.path, 'file');
      await writeInside(root, path, assetBytes(asset));
      return mediaOf(root, path);
    }
    case 'deleteFile':
      await removeInside(root, anyContentPath(params.path));
      return { message: 'deleted' };
    case 'deleteFiles':
      for (const path of arrayOf(params.paths)) await removeInside(root, anyContentPath(path));
      return { message: 'deleted' };
    case 'getDeployPreview':
      return null;
    default:
      throw new Refused(`unknown action ${JSON.stringify(action).slice(0, 60)}`, 422);
  }
}

async function persistEntry(root: string, params: Record<string, unknown>): Promise<unknown> {
  const entry = params.entry as { path?: unknown; raw?: unknown; newPath?: unknown } | undefined;
  const dataFiles = (Array.isArray(params.dataFiles) ? params.dataFiles : entry ? [entry] : []) as { path?: unknown; raw?: unknown; newPath?: unknown }[];
  if (dataFiles.length === 0) throw new Refused('nothing to save');
  // Every path is checked before anything is written: a refused one leaves the project as it was.
  const writes = dataFiles.map((file) => {
    if (typeof file.raw !== 'string') throw new Refused('a saved file must be text');
    if (Buffer.byteLength(file.raw) > MAX_FILE_BYTES) throw new Refused(`a page file may hold at most ${MAX_FILE_BYTES} bytes`);
    const path = editablePath(file.newPath ?? file.path);
    return { path: editablePath(file.path), raw: withSchemaLine(path, file.raw), newPath: file.newPath === undefined ? undefined : path };
  });
  const assets = arrayOf(params.assets).map((a) => {
    const asset = a as { path?: unknown; content?: unknown; encoding?: unknown };
    return { path: mediaPath(asset.path, 'file'), bytes: assetBytes(asset) };
  });
  for (const asset of assets) await writeInside(root, asset.path, asset.bytes);
  for (const write of writes) {
    const before = (await isRealFolder(root, posix.dirname(write.path))) ? readContentFile(root, write.path, MAX_FILE_BYTES, 'unknown') : null;
    if (before !== null && !('refused' in before)) write.raw = keptFormat(before.bytes.toString('utf8'), write.raw, write.path.endsWith('.md'));
    // A renamed entry is written once, at its new place, and its old file removed.
    const target = write.newPath ?? write.path;
    await writeInside(root, target, write.raw);
    if (target !== write.path) await removeInside(root, write.path);
  }
  return { message: 'entry persisted' };
}

/**
 * A YAML file as saved, with the schema line VS Code's YAML extension reads put back first: the editor
 * writes no comments, and a developer's next `git diff` should show the change made, not a lost line.
 * The schema is the file's own: site.yaml's, the redirects', or its template's.
 */
export function withSchemaLine(path: string, raw: string): string {
  if (!/\.ya?ml$/i.test(path) || raw.startsWith(MODELINE_START)) return raw;
  const name = path === SITE_FILE ? 'site' : REDIRECTS_FILES.includes(path) ? 'redirects' : /^template:[ \t]*["']?([A-Za-z0-9_-]+)["']?[ \t]*$/m.exec(raw)?.[1];
  return name ? `${modelineFor(path, name)}\n${raw}` : raw;
}

/** A path the editor may read and write as a content file: site.yaml or a page file under pages/. */
function editablePath(value: unknown): string {
  const path = contentPath(value, 'file');
  if (path !== SITE_FILE && !(path.startsWith(`${PAGES_DIR}/`) && PAGE.test(path))) throw new Refused(`${path} is not a page file or site.yaml`, 403);
  return path;
}

/** A picture (or the folder of pictures) under static/. */
function mediaPath(value: unknown, kind: 'file' | 'folder'): string {
  const path = contentPath(value, kind);
  if (path !== STATIC_DIR && !path.startsWith(`${STATIC_DIR}/`)) throw new Refused(`${path} is not under ${STATIC_DIR}/`, 403);
  if (kind === 'file' && !PICTURE.test(path)) throw new Refused(`${path} is not a JPEG, PNG, WebP or AVIF picture`, 403);
  return path;
}

/** `value` as a page file under pages/ that the editor may write, or undefined: what the editor's preview may build. */
export function pageFile(value: unknown): string | undefined {
  try {
    const path = editablePath(value);
    return path === SITE_FILE ? undefined : path;
  } catch {
    return undefined;
  }
}

/** Either a content file or a picture: what the editor may delete. */
function anyContentPath(value: unknown): string {
  const path = contentPath(value, 'file');
  return path.startsWith(`${STATIC_DIR}/`) ? mediaPath(path, 'file') : editablePath(path);
}

/** A project-relative path as the editor writes it: forward slashes, no way up, nothing hidden. */
function contentPath(value: unknown, kind: 'file' | 'folder'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024) throw new Refused(`expected a ${kind} path`);
  const path = value.replace(/^\.\//, '').replace(/\/+$/, '');
  const parts = path.split('/');
  if (path.startsWith('/') || path.includes('\\') || /[\0-\x1f]/.test(path) || parts.some((p) => p === '' || p === '.' || p === '..' || p.startsWith('.')))
    throw new Refused(`${JSON.stringify(value).slice(0, 120)} is not a path inside the project's content`, 403);
  return path;
}

/** Files below `folder` to `depth` levels, as project-relative paths; nothing through a link. */
async function listFiles(root: string, folder: string, depth: number): Promise<string[]> {
  const out: string[] = [];
  if (!(await isRealFolder(root, folder))) return out;
  const visit = async (dir: string, left: number) => {
    const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && left > 1) await visit(path, left - 1);
      else if (entry.isFile()) out.push(path);
    }
  };
  await visit(folder, depth);
  return out;
}

async function entryOf(root: string, file: string): Promise<{ data: string | null; file: { path: string; id: string | null } }> {
  const read = (await isRealFolder(root, posix.dirname(file))) ? readContentFile(root, file, MAX_FILE_BYTES, 'unknown') : null;
  if (read === null || 'refused' in read) return { data: null, file: { path: file, id: null } };
  return { data: read.bytes.toString('utf8'), file: { path: file, id: sha256(read.bytes) } };
}

async function mediaOf(root: string, file: string): Promise<{ id: string; content: string; encoding: 'base64'; path: string; name: string }> {
  const read = (await isRealFolder(root, posix.dirname(file))) ? readContentFile(root, file, MAX_UPLOAD_BYTES, 'unknown') : null;
  if (read === null || 'refused' in read) throw new Refused(`${file} cannot be read`, 404);
  return { id: sha256(read.bytes), content: read.bytes.toString('base64'), encoding: 'base64', path: file, name: posix.basename(file) };
}

function assetBytes(asset: { content?: unknown; encoding?: unknown } | undefined): Buffer {
  if (!asset || typeof asset.content !== 'string' || asset.encoding !== 'base64') throw new Refused('a picture must come as base64');
  if (asset.content.length > (MAX_UPLOAD_BYTES * 4) / 3 + 4) throw new Refused(`a picture may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, 413);
  return Buffer.from(asset.content, 'base64');
}

/**
 * Writes a file whole (aside, then renamed: the watcher never reads half of it), making the folders on the
 * way; each folder must be a real folder inside the project, not a link out of it.
 */
async function writeInside(root: string, path: string, contents: string | Buffer): Promise<void> {
  const target = join(root, path);
  await folderInside(root, posix.dirname(path));
  const existing = await lstat(target).catch(() => null);
  if (existing && !existing.isFile()) throw new Refused(`${path} is not a plain file`, 403);
  const aside = join(dirname(target), `.${posix.basename(path)}.${randomBytes(4).toString('hex')}.saving`);
  try {
    await writeFile(aside, contents, { flag: 'wx' });
    await rename(aside, target);
  } finally {
    await rm(aside, { force: true });
  }
}

async function removeInside(root: string, path: string): Promise<void> {
  const target = join(root, path);
  await mustStayInside(root, dirname(target));
  const existing = await lstat(target).catch(() => null);
  if (!existing) return;
  if (!existing.isFile()) throw new Refused(`${path} is not a plain file`, 403);
  await rm(target);
}

/** Whether every part of `folder` (project-relative) is a folder, none a link. */
async function isRealFolder(root: string, folder: string): Promise<boolean> {
  let at = root;
  for (const part of folder === '.' ? [] : folder.split('/')) {
    at = join(at, part);
    const found = await lstat(at).catch(() => null);
    if (!found?.isDirectory()) return false;
  }
  return true;
}

/** Makes each missing folder of `folder` (project-relative) one at a time, refusing a link or a file on the way. */
async function folderInside(root: string, folder: string): Promise<void> {
  let at = root;
  for (const part of folder.split('/')) {
    at = join(at, part);
    const found = await lstat(at).catch(() => null);
    if (!found) await mkdir(at);
    else if (!found.isDirectory()) throw new Refused(`${relative(root, at)} is not a folder of the project`, 403);
  }
  await mustStayInside(root, at);
}

async function mustStayInside(root: string, folder: string): Promise<void> {
  const [realRoot, realFolder] = await Promise.all([realpath(root), realpath(folder)]);
  if (!isWithin(realRoot, realFolder)) throw new Refused(`${relative(root, folder)} leads out of the project`, 403);
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
