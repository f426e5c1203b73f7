import { markdownTokens } from 'trn-site/internal/html/markdown.ts';
export async function main(args: string[]) {
  const unit = JSON.parse(`"${args[0]}"`);
  const text = `Intro.\n\n${unit.repeat(Math.ceil(1e6 / unit.length)).slice(0, 1e6)}\n`;
  for (let i = 0; i < 5; i++) markdownTokens(text);
  return 0;
}
