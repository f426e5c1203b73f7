// `site new` with the real theme: for every template, YAML or Markdown, the new
// file is valid against its schema as written, and the first check names
// exactly what an editor has left to write: each placeholder, and each
// placeholder link (/todo), which must point at a real page or file.
import { rm, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from 'trn-site/internal/check/check.ts';
import { loadTheme } from 'trn-site/internal/load/theme.ts';
import { markdownSkeleton, pageSkeleton } from 'trn-site/internal/scaffold/page-skeleton.ts';
import { compileValidators } from 'trn-site/internal/validate/validate.ts';
import { parseYaml, splitFrontMatter } from 'trn-site/internal/validate/yaml.ts';
import type { Diagnostic } from 'trn-site/internal/contracts/diagnostics.ts';
import { copyProject, removeCopy } from './helpers/project-copy.ts';

const theme = await loadTheme('.');
const validators = compileValidators(theme);
const templates = Object.keys(theme.templates).filter((name) => !theme.templates[name]!.markdown);
const markdownTemplates = Object.keys(theme.templates).filter((name) => theme.templates[name]!.markdown);
/** A folder no page uses, so each new page has a route of its own. */
const FOLDER = 'pages/scaffold-check';
const TODAY = '2025-06-01';

describe('a new page of each template', () => {
  it.each(templates)('%s is valid against its schema as written', (template) => {
    const file = `${FOLDER}/${template}.yaml`;
    const parsed = parseYaml(file, pageSkeleton(theme, template, file));
    expect(parsed.diagnostics).toEqual([]);
    expect(validators.templates.get(template)!.validate(file, parsed).diagnostics).toEqual([]);
  });

  it.each(markdownTemplates)('%s (Markdown) is valid against its schema as written', (template) => {
    const split = splitFrontMatter(markdownSkeleton(theme, template, TODAY))!;
    const parsed = parseYaml(`${FOLDER}/${template}.md`, split.front, 1);
    expect(parsed.diagnostics).toEqual([]);
    expect(validators.templates.get(template)!.validate(`${FOLDER}/${template}.md`, parsed).diagnostics).toEqual([]);
  });
});

describe('the first check of a new file', () => {
  let root: string;
  beforeAll(async () => {
    root = await copyProject('scaffold');
  }, 60_000);
  afterAll(() => removeCopy(root));

  /** Writes `text` at `file` in the copy, checks the project, and takes the file away again. */
  async function checkWith(file: string, text: string, drafts = false): Promise<Diagnostic[]> {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), text);
    try {
      return await check({ root, drafts, today: TODAY });
    } finally {
      await rm(join(root, file));
    }
  }

  /** What an editor must write: the line of each placeholder, and of each placeholder link. */
  /** A placeholder path is reported once: as a broken link, or in an image field as a missing image. */
  const isLinkToNothing = (d: { code: string }) => d.code === 'broken-link' || d.code === 'image-missing';

  function leftToWrite(text: string) {
    const lines = text
      .split('\n')
      .map((line, index) => ({ line, number: index + 1 }))
      .filter(({ line }) => !line.trimStart().startsWith('#'));
    return {
      placeholders: lines.filter(({ line }) => line.includes('TODO:')).map(({ number }) => number),
      links: lines.filter(({ line }) => /:\s+\/(images\/)?todo\b/.test(line)).map(({ number }) => number),
    };
  }

  it.each(templates)('%s: names each placeholder and placeholder link, and nothing else', async (template) => {
    const file = `${FOLDER}/${template}.yaml`;
    const text = pageSkeleton(theme, template, file);
    const found = await checkWith(file, text);
    expect(found.filter((d) => d.file !== file)).toEqual([]);
    const expected = leftToWrite(text);
    expect(expected.placeholders.length).toBeGreaterThan(0);
    expect(found.filter((d) => d.code === 'placeholder').map((d) => d.line)).toEqual(expected.placeholders);
    expect(found.filter(isLinkToNothing).map((d) => d.line)).toEqual(expected.links);
    expect(found.filter((d) => d.code !== 'placeholder' && !isLinkToNothing(d))).toEqual([]);
  });

  it.each(markdownTemplates)(
    'a Markdown page of %s: a draft leaves the site as it was; checked as published, it names what is left to write',
    async (template) => {
      const file = `${FOLDER}/${template}.md`;
      const text = markdownSkeleton(theme, template, TODAY);
      expect(await checkWith(file, text)).toEqual([]);
      const found = await checkWith(file, text, true);
      expect(found.filter((d) => d.file !== file)).toEqual([]);
      const expected = leftToWrite(text);
      expect(found.filter((d) => d.code === 'placeholder').map((d) => d.line)).toEqual(expected.placeholders);
      expect(found.filter(isLinkToNothing).map((d) => d.line)).toEqual(expected.links);
      expect(found.filter((d) => d.code !== 'placeholder' && !isLinkToNothing(d))).toEqual([]);
    },
  );
});
