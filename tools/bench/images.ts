// `npm run bench:images`: what a phone photo costs and what visitors get. On a
// copy of the project, a generated 4000 × 3000 JPEG of several megabytes becomes
// a post's featured image; a cold build (no image cache) makes its variants, a
// second build must take them all from the cache. Prints each variant's bytes
// beside the targets, and both builds' wall times. Figures, not assertions.
//
//   npm run bench:images
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copyProject, removeCopy } from '../../tests/helpers/project-copy.ts';
import { syntheticPhoto } from './photo.ts';
import { runSite } from './site-run.ts';

const PHOTO = '/images/blog/IMG_2041 Heated Floor.JPG';
const TARGETS = { largestAvif: 200_000, webp800: 60_000 };

export async function main(): Promise<number> {
  let root: string | undefined;
  try {
    root = await copyProject('bench-images');
    const photo = await syntheticPhoto();
    await writeFile(join(root, 'static', PHOTO), photo);
    const posts = (await readdir(join(root, 'pages/blog'))).filter((f) => f.endsWith('.md')).sort();
    const postFile = join(root, 'pages/blog', posts[0]!);
    const text = await readFile(postFile, 'utf8');
    await writeFile(
      postFile,
      text
        .replace(/^featuredImage: .*$/m, `featuredImage: ${PHOTO}`)
        .replace(/^featuredImageAlt: .*$/m, 'featuredImageAlt: A heated floor mat rolled out on a bathroom subfloor'),
    );
    console.log(`photo: 4000 × 3000 JPEG, ${kb(photo.length)} (${PHOTO}), featured in pages/blog/${posts[0]}`);

    // The CLI and theme bundles are made by an untimed run first, so the timed runs measure the build.
    await runSite(root, ['check']);
    await rm(join(root, 'node_modules/.cache/site/images'), { recursive: true, force: true });
    const cold = await runSite(root, ['build', '--verbose']);
    const warm = await runSite(root, ['build', '--verbose']);
    for (const run of [cold, warm]) if (run.status !== 0) throw new Error(`site build failed:\n${run.stderr}${run.stdout}`);

    const folder = join(root, 'dist/assets/images');
    const files = (await readdir(folder)).sort((a, b) => widthOf(a) - widthOf(b) || a.localeCompare(b));
    const sizes = new Map(await Promise.all(files.map(async (f) => [f, (await stat(join(folder, f))).size] as const)));
    console.log('\nvariants (bytes):');
    for (const format of ['avif', 'webp', 'jpg']) {
      console.log(
        `  ${format.padEnd(5)} ${files
          .filter((f) => f.endsWith(`.${format}`))
          .map((f) => `${widthOf(f)} px ${kb(sizes.get(f)!)}`)
          .join(' · ')}`,
      );
    }
    const avifs = files.filter((f) => f.endsWith('.avif'));
    const largestAvif = sizes.get(avifs.at(-1)!)!;
    const webp800 = sizes.get(files.find((f) => f.endsWith('-800.webp'))!)!;
    const originalShipped = await stat(join(root, 'dist', PHOTO)).then(
      () => true,
      () => false,
    );
    console.log('\n| figure | measured | target |');
    console.log('|---|---|---|');
    console.log(
      `| largest AVIF (${widthOf(avifs.at(-1)!)} px) | ${kb(largestAvif)} | at most ${kb(TARGETS.largestAvif)} ${largestAvif <= TARGETS.largestAvif ? '(met)' : '(NOT met)'} |`,
    );
    console.log(`| 800 px WebP | ${kb(webp800)} | at most ${kb(TARGETS.webp800)} ${webp800 <= TARGETS.webp800 ? '(met)' : '(NOT met)'} |`);
    console.log(`| cold build (makes the variants) | ${cold.seconds.toFixed(2)} s | – |`);
    console.log(`| second build | ${warm.seconds.toFixed(2)} s | no image work |`);
    console.log(`| original in dist/ | ${originalShipped ? 'yes' : 'no'} | no |`);
    console.log(`\ncold:   ${line(cold.stdout, 'images:')}\nsecond: ${line(warm.stdout, 'images:')}`);
    return 0;
  } finally {
    await removeCopy(root);
  }
}

function widthOf(file: string): number {
  return Number(/-(\d+)\.\w+$/.exec(file)?.[1] ?? 0);
}
function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
function line(output: string, start: string): string {
  return (
    output
      .split('\n')
      .find((l) => l.trim().startsWith(start))
      ?.trim() ?? '(no line)'
  );
}
