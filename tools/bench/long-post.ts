// A post with a great many links, for `npm run bench`: checking a post once cost
// time that grew with the square of its length (20,000 links took 56 s). The post
// is modelled on a real one (its front matter, under a new name and title) and
// its body is `links` links to the site's own pages, ten to a paragraph, so the
// rules follow every one and none is broken. Links are short (a digit to a short
// route) so 50,000 fit under the engine's limit of characters in a file.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { routeFromPath } from 'trn-site/internal/url.ts';

/** The folder of posts below pages/, and the post's file name there. */
const POSTS = 'blog';
const NAME = 'bench-long-post';

/** Writes pages/blog/bench-long-post.md with `links` links; returns its project-relative path. */
export async function addLongPost(root: string, links: number): Promise<string> {
  const folder = join(root, 'pages', POSTS);
  const model = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort()[0];
  if (!model) throw new Error(`no post in pages/${POSTS}/ to model the long post on`);
  const text = await readFile(join(folder, model), 'utf8');
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1];
  if (front === undefined) throw new Error(`pages/${POSTS}/${model} has no front matter`);
  // Its own title and descriptions: two pages saying the same in their heads is a problem of its own.
  const title = `A Long Post With ${links.toLocaleString('en-CA')} Links`;
  const about = `A post made by the bench, with ${links.toLocaleString('en-CA')} links to the site's own pages, to time how long checking it takes.`;
  const data = parse(front) as Record<string, unknown>;
  const renamed = stringify({ ...data, title, seoTitle: title, excerpt: about, metaDescription: about }).trimEnd();

  const targets = await pageRoutes(root);
  const paragraphs: string[] = [];
  for (let from = 0; from < links; from += 10) {
    const line = Array.from({ length: Math.min(10, links - from) }, (_, i) => `[${i}](${targets[(from + i) % targets.length]})`);
    paragraphs.push(`Part ${from / 10 + 1}: ${line.join(' ')}`);
  }
  const file = `pages/${POSTS}/${NAME}.md`;
  await writeFile(join(root, file), `---\n${renamed}\n---\n\n${paragraphs.join('\n\n')}\n`);
  return file;
}

/** Routes of the site's YAML pages outside the posts' folder, the ten shortest: pages every build has. */
async function pageRoutes(root: string): Promise<string[]> {
  const files = (await readdir(join(root, 'pages'), { recursive: true })).map((f) => f.split('\\').join('/'));
  const routes = files
    .filter((f) => /\.ya?ml$/.test(f) && !f.startsWith(`${POSTS}/`) && !/(^|\/)(404|_[^/]*)\.ya?ml$/.test(f))
    .flatMap((f) => routeFromPath(f) ?? [])
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
    .slice(0, 10);
  if (routes.length === 0) throw new Error('no page to link to');
  return routes;
}
