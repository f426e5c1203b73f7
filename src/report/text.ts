// Main-content text of a rendered page, as blocks: a heading, a paragraph, a
// list item. Blocks let a report leave out what many pages share.
import { parseDocument, DomUtils } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';

const BLOCKS = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'blockquote', 'figcaption', 'td', 'th', 'summary']);
/** Parts of main that are controls, not reading: forms, scripts, styles, navigation. */
const SKIP = new Set(['form', 'script', 'style', 'nav', 'noscript', 'svg', 'button', 'template']);

/** The text blocks inside `<main>`, in document order, whitespace collapsed. */
export function mainBlocks(html: string): string[] {
  const document = parseDocument(html);
  const main = DomUtils.findOne((node) => node.name === 'main', document.children, true);
  if (!main) return [];
  const blocks: string[] = [];
  const visit = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
      const element = node as Element;
      if (SKIP.has(element.name)) continue;
      // A block holding other blocks (a list item with a paragraph) is read through its children.
      const nested = DomUtils.findOne((n) => BLOCKS.has(n.name), element.children, true);
      if (BLOCKS.has(element.name) && !nested) {
        const text = DomUtils.textContent(element).replace(/\s+/g, ' ').trim();
        if (text) blocks.push(text);
      } else {
        visit(element.children);
      }
    }
  };
  visit(main.children);
  return blocks;
}
