// Where `site new` writes: the route an editor types, checked and turned into
// the file that serves it, or a sentence saying what is wrong with it. Pure.
import { PAGES_DIR } from '../contracts/project.ts';
import { pagePathFor, ROUTE_SEGMENT } from '../url.ts';

export type Target = { route: string; file: string } | { problem: string };

/**
 * The longest part of an address, in characters (all ASCII, so bytes): it becomes a file name under
 * pages/ and dist/ (with .yaml, .md or .html), which most file systems keep to 255 bytes, and people
 * read and type addresses; 80 leaves room for both.
 */
export const MOST_SEGMENT = 80;
/** The longest address: its file's path must fit the file system's (4096 bytes on Linux) with the project's folder in front. */
export const MOST_ROUTE = 400;

/** A page's route as typed (`/services/wiring`, `/`) → its file (`pages/services/wiring.yaml`, `pages/index.yaml`; `.md` for a Markdown page). */
export function pageTarget(typed: string, extension: 'yaml' | 'md' = 'yaml'): Target {
  const input = typed.trim();
  if (!input) return { problem: 'give the address of the new page, such as /services/wiring, or / for the home page' };
  if (!input.startsWith('/')) {
    const suggestion = routeLike(input);
    return { problem: `an address starts with "/"${suggestion ? `: write ${suggestion}` : ''}` };
  }
  // `/a/` is the route `/a`: the site's addresses have no trailing slash.
  const route = input.length > 1 ? input.replace(/\/$/, '') : input;
  const segments = route === '/' ? [] : route.slice(1).split('/');
  const bad = segments.find((segment) => !ROUTE_SEGMENT.test(segment));
  if (bad !== undefined) return { problem: segmentProblem(bad, route) };
  if (segments.includes(INDEX)) return { problem: indexProblem(route) };
  const long = lengthProblem(segments, route);
  if (long) return { problem: long };
  return { route, file: `${PAGES_DIR}/${pagePathFor(route, extension)}` };
}

/**
 * The file name that serves its folder's own address (`services/index.yaml` is `/services`, see routeFromPath): as
 * part of an address typed for a new page it would write a file for another address than the one said.
 */
const INDEX = 'index';

/** Why an address with an `index` part cannot be a new page's: the file would serve the address above it. */
function indexProblem(route: string): string {
  const at = route.split('/').indexOf(INDEX);
  const above = route.split('/').slice(0, at).join('/') || '/';
  return `"${INDEX}" is the file name of the page at ${above} itself, so ${route} would be written as that page: write ${above} for that page, or give this one a name of its own`;
}

/** Why an address whose parts are each well formed is still too long, if it is. */
function lengthProblem(segments: readonly string[], route: string): string | undefined {
  const long = segments.find((segment) => segment.length > MOST_SEGMENT);
  if (long)
    return `"${long.slice(0, 24)}…" is ${long.length} characters long; a part of an address has at most ${MOST_SEGMENT}, since it becomes a file name: shorten it to the words that say what the page is`;
  if (route.length > MOST_ROUTE) return `the address is ${route.length} characters long; an address has at most ${MOST_ROUTE}: use fewer or shorter parts`;
  return undefined;
}

/** Why a part of an address cannot be one, with the address it likely meant. */
function segmentProblem(segment: string, route: string): string {
  const rule = 'addresses are lower-case letters and digits, with single hyphens between words';
  if (segment === '') return `"${route}" has an empty part (two slashes together); ${rule}`;
  const extension = /\.(ya?ml|md)$/.exec(segment);
  const meant = routeLike(route.replace(/\.(ya?ml|md)$/, ''), route.startsWith('/'));
  const suggestion = meant && meant !== route ? `: write ${meant}` : '';
  if (extension) return `write the address without ".${extension[1]}"${suggestion}`;
  return `"${segment}" cannot be part of an address: ${rule}${suggestion}`;
}

/** The address an editor probably meant: lower case, hyphens for spaces and underscores, a leading slash (unless `slash` is false). */
function routeLike(text: string, slash = true): string | undefined {
  const segments = text
    .split('/')
    .map((s) =>
      s
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean);
  const route = (slash ? '/' : '') + segments.join('/');
  return segments.length > 0 && segments.every((s) => ROUTE_SEGMENT.test(s)) ? route : undefined;
}
