// HTML gate: the W3C Nu HTML Checker (npm vnu-jar) on every built page, run
// with the machine's Java in one JVM for all files. No error, and no warning
// unless ALLOWED_WARNINGS explains it.

import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Gate } from '../context.ts';
import { bullets, clip, code, int, table } from '../report-text.ts';
import type { Page } from '../pages.ts';
import { gateResult, type GateResult } from '../result.ts';

export const htmlGate: Gate = {
  id: 'html',
  title: 'HTML (W3C Nu HTML Checker)',
  async run(context) {
    const messages = await runVnu(
      context.root,
      context.pages.map((p) => join(context.dist, p.file)),
    );
    return judgeHtml(context.pages, messages, context.dist, context.versionOf('vnu-jar'));
  },
};

/**
 * Warnings accepted on purpose, each with the reason printed in the report.
 * Add one only when the markup is right and the checker's advice is not.
 */
export const ALLOWED_WARNINGS: { pattern: RegExp; reason: string }[] = [];

/** One message of vnu's JSON output (the fields used here). */
export interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error' | string;
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

export interface ClassifiedMessages {
  errors: VnuMessage[];
  warnings: VnuMessage[];
  allowed: { message: VnuMessage; reason: string }[];
  /** Informational notes: not errors or warnings; counted only. */
  infos: number;
}

/** Sorts vnu's messages: errors (fatal and I/O included), warnings (unless allowed), plain info. */
export function classifyMessages(messages: readonly VnuMessage[], allowedWarnings = ALLOWED_WARNINGS): ClassifiedMessages {
  const result: ClassifiedMessages = { errors: [], warnings: [], allowed: [], infos: 0 };
  for (const m of messages) {
    if (m.type === 'error' || m.type === 'non-document-error') result.errors.push(m);
    else if (m.type === 'info' && m.subType === 'warning') {
      const allowance = allowedWarnings.find((a) => a.pattern.test(m.message));
      if (allowance) result.allowed.push({ message: m, reason: allowance.reason });
      else result.warnings.push(m);
    } else result.infos++;
  }
  return result;
}

/** Runs vnu on the files; resolves to its messages. Rejects when Java or the jar cannot run. */
export function runVnu(root: string, files: readonly string[]): Promise<VnuMessage[]> {
  const jar = String(createRequire(join(root, 'package.json'))('vnu-jar'));
  const java = process.env.JAVA ?? 'java';
  return new Promise((resolve, reject) => {
    execFile(
      java,
      // Serial GC and a small heap start the JVM faster on a 2-core machine.
      ['-XX:+UseSerialGC', '-Xss4m', '-jar', jar, '--format', 'json', '--exit-zero-always', '--stdout', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
          reject(
            new Error(
              missing
                ? `${java} not found: install a JRE (apt-get install -y default-jre-headless); .ci/run does when java is missing`
                : `vnu failed: ${stderr || error.message}`,
            ),
          );
          return;
        }
        try {
          resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(new Error(`vnu printed no JSON: ${clip(stdout + stderr, 300)}`));
        }
      },
    );
  });
}

export function judgeHtml(pages: readonly Page[], messages: readonly VnuMessage[], dist: string, vnuVersion: string): GateResult {
  const classified = classifyMessages(messages);
  const routeOf = (url: string | undefined) => {
    const file = decodeURIComponent((url ?? '').replace(/^file:(\/\/)?/, ''));
    const page = pages.find((p) => file === join(dist, p.file) || file.endsWith(`/${p.file}`));
    return page?.route ?? (file || '(no file)');
  };
  const describe = (m: VnuMessage) =>
    `${routeOf(m.url)}:${m.lastLine ?? '?'}:${m.lastColumn ?? '?'}  ${m.message}${m.extract ? `  ${code(clip(m.extract, 120))}` : ''}`;
  const failures = [...classified.errors.map((m) => `error ${describe(m)}`), ...classified.warnings.map((m) => `warning ${describe(m)}`)];

  const perPage = new Map(pages.map((p) => [p.route, { errors: 0, warnings: 0 }]));
  const count = (m: VnuMessage, kind: 'errors' | 'warnings') => {
    const route = routeOf(m.url);
    if (!perPage.has(route)) perPage.set(route, { errors: 0, warnings: 0 });
    perPage.get(route)![kind]++;
  };
  for (const m of classified.errors) count(m, 'errors');
  for (const m of classified.warnings) count(m, 'warnings');

  const body = [
    `vnu-jar ${vnuVersion}; ${int(pages.length)} documents; ${int(classified.errors.length)} errors, ${int(classified.warnings.length)} warnings, ${int(classified.allowed.length)} allowed warnings, ${int(classified.infos)} info messages (not counted).`,
    '',
    '**Allowed warnings and why:**',
    '',
    bullets(
      ALLOWED_WARNINGS.map((a) => `${code(a.pattern.source)}: ${a.reason} (${classified.allowed.filter((x) => x.reason === a.reason).length} times)`),
      '_none: every warning fails_',
    ),
    '',
    table(
      ['page', 'errors', 'warnings'],
      [...perPage].map(([route, c]) => [route, c.errors, c.warnings]),
    ),
    '',
    '**Errors and warnings:**',
    '',
    bullets(failures),
  ].join('\n');

  return gateResult(htmlGate, {
    pass: failures.length === 0 && pages.length > 0,
    headline: `${int(classified.errors.length)} errors, ${int(classified.warnings.length)} warnings on ${int(pages.length)} documents (${int(classified.allowed.length)} allowed)`,
    failures,
    body,
    notes: [],
  });
}
