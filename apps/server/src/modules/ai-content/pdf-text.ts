/**
 * The text of a PDF in reading order, with `unpdf` (pdf.js for servers, no native parts). pdf.js
 * gives text items in visual order; an Arabic line set by a browser or word processor comes out as
 * single shaped glyphs left to right. So items are grouped into lines and a right-to-left line is
 * read right to left (runs of Latin letters and digits keep their own order), then the shaped forms
 * are folded back to letters (NFKC).
 */

interface Item {
  str: string;
  dir: string;
  x: number;
  y: number;
  eol: boolean;
}

const STRONG_LTR = /[A-Za-z0-9\u0660-\u0669]/;
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** One line's items, joined in reading order. */
function lineText(items: Item[]): string {
  const rtl = items.filter((i) => RTL.test(i.str)).length > items.filter((i) => /[A-Za-z]/.test(i.str)).length;
  if (!rtl)
    return items
      .sort((a, b) => a.x - b.x)
      .map((i) => i.str)
      .join('');
  const ordered = [...items].sort((a, b) => b.x - a.x);
  // runs of left-to-right items (a Latin word, a number) inside the right-to-left line keep their order
  const out: string[] = [];
  let run: Item[] = [];
  const flush = () => {
    out.push(...run.reverse().map((i) => i.str));
    run = [];
  };
  for (const item of ordered) {
    const ltr = item.dir === 'ltr' && STRONG_LTR.test(item.str) && !RTL.test(item.str);
    if (ltr || (run.length > 0 && /^\s+$/.test(item.str))) run.push(item);
    else {
      // a trailing space belongs outside the run
      const tail: Item[] = [];
      while (run.length && /^\s+$/.test(run[run.length - 1]?.str ?? '')) tail.unshift(run.pop() as Item);
      flush();
      out.push(...tail.map((i) => i.str));
      out.push(item.str);
    }
  }
  flush();
  return out.join('');
}

export async function pdfText(data: Uint8Array, maxPages = 30): Promise<string> {
  // loaded on first use: pdf.js is large, and most servers never read a PDF (decisions.md, memory)
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(data);
  const lines: string[] = [];
  for (let p = 1; p <= Math.min(pdf.numPages, maxPages); p++) {
    const page = await pdf.getPage(p);
    const content = await page.getTextContent();
    let current: Item[] = [];
    let y: number | null = null;
    const push = () => {
      const text = lineText(current).normalize('NFKC').replace(/\s+/g, ' ').trim();
      if (text) lines.push(text);
      current = [];
    };
    for (const raw of content.items) {
      if (!('str' in raw)) continue;
      const item: Item = { str: raw.str, dir: raw.dir, x: raw.transform[4] as number, y: raw.transform[5] as number, eol: raw.hasEOL };
      if (y !== null && Math.abs(item.y - y) > 2) push();
      y = item.y;
      if (item.str) current.push(item);
      if (item.eol) push();
    }
    push();
  }
  await pdf.cleanup();
  return lines.join('\n');
}
