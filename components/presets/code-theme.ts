import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorView } from "@codemirror/view";
import { tags } from "@lezer/highlight";

/*
 * A dark theme for the JSON editors with WCAG AA contrast on the app's dark surface (slate-900):
 * the stock one-dark theme's gutter numbers and keys fall just under 4.5:1.
 */
const surface = "#0f172a";

const darkChrome = EditorView.theme(
  {
    "&": { color: "#e2e8f0", backgroundColor: surface },
    ".cm-content": { caretColor: "#e2e8f0" },
    ".cm-cursor, .cm-dropCursor": { borderLeftColor: "#e2e8f0" },
    "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection": {
      backgroundColor: "#334155",
    },
    ".cm-gutters": { backgroundColor: surface, color: "#94a3b8", border: "none", borderRight: "1px solid #1e293b" },
    ".cm-activeLine": { backgroundColor: "#ffffff0a" },
    ".cm-activeLineGutter": { backgroundColor: "#ffffff0a", color: "#cbd5e1" },
    ".cm-foldPlaceholder": { backgroundColor: "#1e293b", color: "#cbd5e1", border: "none" },
    ".cm-tooltip": { backgroundColor: "#1e293b", color: "#e2e8f0", border: "1px solid #334155" },
  },
  { dark: true },
);

const darkHighlight = HighlightStyle.define([
  { tag: tags.propertyName, color: "#7dd3fc" },
  { tag: tags.string, color: "#86efac" },
  { tag: tags.number, color: "#fcd34d" },
  { tag: [tags.bool, tags.null, tags.atom, tags.keyword], color: "#f9a8d4" },
  { tag: [tags.punctuation, tags.separator, tags.brace, tags.squareBracket], color: "#cbd5e1" },
  { tag: tags.invalid, color: "#fca5a5" },
]);

export const accessibleDarkTheme = [darkChrome, syntaxHighlighting(darkHighlight)];
