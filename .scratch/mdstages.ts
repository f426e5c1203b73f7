import { checkData } from 'trn-site/internal/rules/index.ts';
import { contentHtml } from 'trn-site/internal/html/content-html.ts';
import { withPictures } from 'trn-site/internal/html/content-pictures.ts';
import { pageFacts } from 'trn-site/internal/html/page-facts.ts';
import { bodyTokens, allTokens, bodyHtml } from 'trn-site/internal/html/markdown.ts';
import { markdownDepth } from 'trn-site/internal/validate/limits.ts';
import { countWords } from 'trn-site/internal/words.ts';
import { articleEntry, siteModel } from '../tests/helpers/unit.ts';
import { resolveHtml } from '../templates/lib/tokens.ts';
import { claimKeys } from '../templates/lib/claims.ts';

const UNITS: Record<string, string> = {
  em: '*a* ', em_: '_a_ ', strong: '**a** ', del: '~~a~~ ', mixed: '*a*_b_', link: '[a](/x) ', image: '![a](/i.png) ',
  autolink: '<https://example.org/a> www.example.org/b) ', html: '<span title="a">b</span> ', list: '- a\n', nested: '- a\n  - b\n',
  quote: '> a\n', heading: '# a\n', code: '`a` ', fence: '```\na\n```\n', table: '| a | [b](/x) |\n', entity: '&amp;&#65;&#x41;&a ',
  backslash: '\\*a\\_ ', brackets: '[[a]] ', placeholder: '{phone} `{unknown}` ', prose: 'The quick brown fox jumps over the lazy dog. ',
};
const claims = Object.fromEntries(claimKeys.map((k) => [k, 'a claim'])) as any;
const values: any = { claims, business: 'B', phone: { display: '(416) 555-0100', href: 'tel:+14165550100' }, officePhone: { display: '(416) 555-0101', href: 'tel:+14165550101' }, hours: 'x', emergencyHours: 'y' };
function cpu(f: () => unknown): number { const s = process.cpuUsage(); f(); const u = process.cpuUsage(s); return (u.user + u.system) / 1000; }
export async function main(args: string[]) {
  const size = Number(args[1] ?? 1_000_000);
  const only = args[0] && args[0] !== 'all' ? args[0].split(',') : Object.keys(UNITS);
  for (const name of only) {
    const unit = UNITS[name]!;
    const text = `Intro.\n\n${unit.repeat(Math.ceil(size / unit.length)).slice(0, size)}\n`;
    const t: Record<string, number> = {};
    let entry: any, article: any, html = '';
    t.depth = cpu(() => markdownDepth(text));
    entry = articleEntry('stress', { title: 'Stress' }, text);
    t.words = cpu(() => { article = { ...entry, body: { ...entry.body, words: countWords(text) } }; });
    t.lex = cpu(() => bodyTokens(article.body));
    t.all = cpu(() => allTokens(bodyTokens(article.body)));
    t.rules = cpu(() => [...checkData(siteModel({ pages: [article] }), [])]);
    t.render = cpu(() => { html = contentHtml(article.body); });
    t.pictures = cpu(() => { html = withPictures(html, {}, '100vw'); });
    t.tokens = cpu(() => { html = resolveHtml(html, values); });
    t.facts = cpu(() => pageFacts(`<main>${html}</main>`));
    const total = Object.values(t).reduce((a, b) => a + b, 0);
    console.log(`${name.padEnd(12)} ${(total * 1e6 / text.length).toFixed(0).padStart(5)} ms/MB  ` + Object.entries(t).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' '));
  }
  return 0;
}
