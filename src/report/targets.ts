// Targets a content report is held to, as data an editor can change.
import { Type, type Static } from '@sinclair/typebox';
import type { ContentReport } from './report.ts';

const target = Type.Object(
  {
    description: Type.String({ description: 'what the target means, printed beside its result' }),
    template: Type.Optional(Type.String({ description: 'the pages of this template' })),
    routes: Type.Optional(Type.String({ pattern: '^/', description: 'pages whose route starts with this path, e.g. /residential' })),
    minWords: Type.Optional(Type.Integer({ minimum: 0, description: 'each page has at least this many words of its own' })),
    maxSimilarity: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'no two pages share more than this share of 5-word runs' })),
    maxGrade: Type.Optional(Type.Number({ description: 'each page reads at this Flesch-Kincaid grade or below' })),
  },
  { additionalProperties: false },
);

export const targetsFile = Type.Object({ targets: Type.Array(target) }, { additionalProperties: false, title: 'Content report targets' });
export type Target = Static<typeof target>;

export interface TargetResult {
  target: Target;
  met: boolean;
  /** The figure that decided it, e.g. "min 402 (/services/wiring)". */
  detail: string;
}

export function evaluateTargets(report: ContentReport, targets: readonly Target[]): TargetResult[] {
  return targets.map((target) => {
    const pages = report.pages.filter(
      (p) =>
        (!target.template || p.template === target.template) &&
        (!target.routes || p.route === target.routes || p.route.startsWith(target.routes.replace(/\/?$/, '/'))),
    );
    if (pages.length === 0) return { target, met: false, detail: 'no pages match' };
    const details: string[] = [];
    let met = true;
    if (target.minWords !== undefined) {
      const least = pages.reduce((a, b) => (b.words < a.words ? b : a));
      met &&= least.words >= target.minWords;
      details.push(`fewest words ${least.words} (${least.route})`);
    }
    if (target.maxGrade !== undefined) {
      const hardest = pages.reduce((a, b) => (b.grade > a.grade ? b : a));
      met &&= hardest.grade <= target.maxGrade;
      details.push(`highest grade ${hardest.grade} (${hardest.route})`);
    }
    if (target.maxSimilarity !== undefined) {
      const figures = report.templates.find((t) => t.template === target.template);
      const pair = figures?.mostSimilar;
      met &&= !!pair && pair.score < target.maxSimilarity;
      details.push(pair ? `most similar ${pair.score.toFixed(3)} (${pair.a} ~ ${pair.b})` : 'fewer than two pages');
    }
    return { target, met, detail: details.join(', ') };
  });
}
