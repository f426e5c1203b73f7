// `site report`: the content report of the built site, held to targets from a YAML file.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { build } from '../build.ts';
import { ContentError } from '../contracts/diagnostics.ts';
import { compileSchema } from '../validate/json-schema.ts';
import { parseYaml } from '../validate/yaml.ts';
import { contentReport, type ContentReport } from './report.ts';
import { evaluateTargets, targetsFile, type Target, type TargetResult } from './targets.ts';

export interface ReportOptions {
  root?: string;
  /** A YAML file of targets, relative to root. */
  targets?: string;
}

export async function report(options: ReportOptions = {}): Promise<{ report: ContentReport; results: TargetResult[] }> {
  const root = resolve(options.root ?? '.');
  const targets = options.targets ? await readTargets(root, options.targets) : [];
  const { pages } = await build({ root, write: false });
  const content = contentReport(pages.filter((p) => p.route !== '/404'));
  return { report: content, results: evaluateTargets(content, targets) };
}

async function readTargets(root: string, file: string): Promise<Target[]> {
  const parsed = parseYaml(file, await readFile(resolve(root, file), 'utf8'));
  const result = parsed.data === undefined ? { value: null, diagnostics: [] } : compileSchema(targetsFile).validate(file, parsed);
  const problems = [...parsed.diagnostics, ...result.diagnostics];
  if (problems.length) throw new ContentError(problems);
  return (result.value as { targets: Target[] }).targets;
}
