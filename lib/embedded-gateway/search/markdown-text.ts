/**
 * Turns README markdown into plain prose sections. The search corpus quotes documents verbatim in
 * answers, so what we keep must read as sentences: code, tables, badges and link syntax go, headings
 * become section boundaries.
 */
export interface MarkdownSection {
  heading: string | null;
  /** GitHub-style anchor of the heading (what npmjs.com renders), null for the text before any heading. */
  anchor: string | null;
  text: string;
}

export function slugifyHeading(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function safeCodePoint(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
}

function cleanInline(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/!\[[^\]]*\]\[[^\]]*\]/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/__([^_]+)__/g, "$1")
    .replace(/(^|\s)\*([^*\s][^*]*)\*(?=\s|$|[.,;:!?])/g, "$1$2")
    .replace(/(^|\s)_([^_\s][^_]*)_(?=\s|$|[.,;:!?])/g, "$1$2")
    .replace(/&#(\d+);/g, (_, code: string) => safeCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => safeCodePoint(parseInt(code, 16)))
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}

/** A row of a pipe table, with or without the optional outer pipes ("a | b | c", "---|---"). */
function isTableRow(line: string): boolean {
  return /^\s*\|/.test(line) || /\|.*\|/.test(line) || /^\s*:?-{3,}:?\s*\|/.test(line);
}

export function markdownSections(markdown: string): MarkdownSection[] {
  const source = markdown
    .replace(/\r\n?/g, "\n")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "")
    .replace(/<(pre|code|table|picture|svg|details)[\s\S]*?<\/\1>/gi, "");
  const lines = source.split("\n");
  const sections: MarkdownSection[] = [];
  const anchors = new Map<string, number>();
  let current: { heading: string | null; anchor: string | null; paragraphs: string[] } = { heading: null, anchor: null, paragraphs: [] };
  let paragraph: string[] = [];

  const endParagraph = () => {
    const text = cleanInline(paragraph.join(" "));
    paragraph = [];
    // Badge rows and lone link lists leave short fragments; they are not prose.
    if (text.length < 25 || !/[\p{L}]{3}/u.test(text)) return;
    current.paragraphs.push(/[.!?:;。！？]$/u.test(text) ? text : `${text}.`);
  };
  const startSection = (heading: string) => {
    endParagraph();
    if (current.paragraphs.length) sections.push({ heading: current.heading, anchor: current.anchor, text: current.paragraphs.join("\n\n") });
    const clean = cleanInline(heading);
    let anchor = slugifyHeading(clean);
    const seen = anchors.get(anchor) ?? 0;
    anchors.set(anchor, seen + 1);
    if (seen > 0) anchor = `${anchor}-${seen}`;
    current = { heading: clean || null, anchor: clean ? anchor : null, paragraphs: [] };
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const next = lines[i + 1] ?? "";
    const atx = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (atx) {
      startSection(atx[2]);
      continue;
    }
    if (line.trim() && /^\s{0,3}(=+|-+)\s*$/.test(next) && !/^\s*[-*+]\s/.test(line)) {
      startSection(line);
      i++;
      continue;
    }
    if (!line.trim() || isTableRow(line) || /^\s*\[[^\]]+\]:\s*\S+/.test(line) || /^\s{4,}\S/.test(line) || /^\s*(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) {
      endParagraph();
      continue;
    }
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      endParagraph();
      paragraph.push(item[1]);
      continue;
    }
    paragraph.push(line.replace(/^\s*>\s?/, ""));
  }
  endParagraph();
  if (current.paragraphs.length) sections.push({ heading: current.heading, anchor: current.anchor, text: current.paragraphs.join("\n\n") });
  return sections;
}
