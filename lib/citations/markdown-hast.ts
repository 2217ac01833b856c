import type { Element, ElementContent, Root, RootContent, Text } from "hast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { safeHttpUrl } from "./url";

/*
 * Markdown source -> a safe HTML syntax tree (hast) whose text nodes keep their source positions
 * (UTF-16 offsets into the source), for citation highlighting and rendering.
 *
 * Safety: the answer is model output. Raw HTML is never HTML here: it becomes a text node with its
 * own position (shown as written, highlightable like any text). Links stay links only for http(s)
 * URLs and open in a new tab without an opener; any other href (javascript:, data:, in-page
 * footnote anchors) makes the link plain text. Images are not loaded (a remote image in an answer
 * would be a tracking pixel); their alt text is shown. Ids are dropped so two answers on a page
 * cannot clash.
 */

// Built once: freezing a processor per parse would cost more than the parse of a short block.
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).freeze();

interface RawNode {
  type: "raw";
  value: string;
  position?: Text["position"];
}

function sanitizeElement(element: Element): ElementContent {
  const { properties } = element;
  delete properties.id;
  if (element.tagName === "a") {
    const href = safeHttpUrl(typeof properties.href === "string" ? properties.href : null);
    if (!href) return { type: "element", tagName: "span", properties: { dataInertLink: "" }, children: sanitizeChildren(element.children), position: element.position };
    element.properties = { href, target: "_blank", rel: ["noopener", "noreferrer"] };
  } else if (element.tagName === "img") {
    const alt = typeof properties.alt === "string" ? properties.alt : "";
    return {
      type: "element",
      tagName: "span",
      properties: { dataImageAlt: "" },
      children: alt ? [{ type: "text", value: alt, position: element.position }] : [],
      position: element.position,
    };
  } else if (element.tagName === "input") {
    // GFM task list checkboxes: read-only, and named for assistive technology.
    element.properties = { type: "checkbox", disabled: true, checked: Boolean(properties.checked), ariaLabel: properties.checked ? "Done" : "Not done" };
  }
  element.children = sanitizeChildren(element.children);
  return element;
}

function sanitizeChildren(children: ElementContent[]): ElementContent[] {
  return children.map((child) => {
    const node = child as ElementContent | RawNode;
    if (node.type === "raw") return { type: "text", value: node.value, position: node.position } satisfies Text;
    if (node.type === "element") return sanitizeElement(node);
    return node;
  });
}

/** Parses one Markdown block (or a whole answer) into a safe hast tree with source positions. */
export function markdownToHast(source: string): Root {
  const tree = processor.runSync(processor.parse(source)) as Root;
  tree.children = sanitizeChildren(tree.children as ElementContent[]) as RootContent[];
  return tree;
}
