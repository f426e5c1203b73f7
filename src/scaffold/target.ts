// Where `site new` writes: the route an editor types, checked and turned into
// the file that serves it, or a sentence saying what is wrong with it. Pure.
import { PAGES_DIR } from '../contracts/project.ts';
import { pagePathFor, ROUTE_SEGMENT } from '../url.ts';

export type Target = { route: string; file: string } | { problem: string };

/** A page's route as typed (`/gta/markham`, `/`) → its file (`pages/gta/markham.yaml`, `pages/index.yaml`). */
export function pageTarget(typed: string): Target {
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
  return { route, file: `${PAGES_DIR}/${pagePathFor(route)}` };
}

/** A post's name as typed (`heat-pump-rebates`, or its route `/blog/heat-pump-rebates`) → its file in the posts' folder. */
export function postTarget(typed: string, folder: string): Target {
  let slug = typed.trim();
  for (const prefix of [`/${folder}/`, `${folder}/`]) if (slug.startsWith(prefix)) slug = slug.slice(prefix.length);
  if (!slug) return { problem: 'give the new post a name, such as heat-pump-rebates: it becomes its address' };
  if (slug.includes('/')) {
    return { problem: `a post's name has no "/": every post is a file in ${PAGES_DIR}/${folder}/, at /${folder}/<name>` };
  }
  if (!ROUTE_SEGMENT.test(slug)) return { problem: segmentProblem(slug, slug) };
  const route = `/${folder}/${slug}`;
  return { route, file: `${PAGES_DIR}/${pagePathFor(route, 'md')}` };
}

/** Why a part of an address cannot be one, with the address (or for a post, the name) it likely meant. */
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
    .map((s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean);
  const route = (slash ? '/' : '') + segments.join('/');
  return segments.length > 0 && segments.every((s) => ROUTE_SEGMENT.test(s)) ? route : undefined;
}
