import { markdownTokens } from 'trn-site/internal/html/markdown.ts';
import { Lexer } from 'marked';
export async function main(args: string[]) {
  const unit = JSON.parse(`"${args[0]}"`);
  const text = `Intro.\n\n${unit.repeat(Math.ceil(1e6 / unit.length)).slice(0, 1e6)}\n`;
  for (let i = 0; i < 3; i++) {
    let s = performance.now(); markdownTokens(text); const ours = performance.now() - s;
    s = performance.now(); new Lexer({ gfm: true }).lex(text); const plain = performance.now() - s;
    console.log(`ours ${ours.toFixed(0)} plain marked ${plain.toFixed(0)}`);
  }
  return 0;
}
