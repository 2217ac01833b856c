"use client";

import { json, jsonParseLinter } from "@codemirror/lang-json";
import { linter, lintGutter, type Diagnostic } from "@codemirror/lint";
import { EditorView } from "@codemirror/view";
import CodeMirror, { ExternalChange, type ReactCodeMirrorRef } from "@uiw/react-codemirror";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { textChange } from "@/lib/presets/text-change";
import { accessibleDarkTheme } from "./code-theme";

// One query for every editor: a render reads `matches`, it does not evaluate the media query again.
let schemeQuery: MediaQueryList | null = null;
const darkScheme = () => (schemeQuery ??= window.matchMedia("(prefers-color-scheme: dark)"));

function subscribeToScheme(onChange: () => void) {
  const query = darkScheme();
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The editor's theme follows the system setting, as the rest of the app does. */
function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeToScheme,
    () => darkScheme().matches,
    () => false,
  );
}

export interface JsonCodeEditorProps {
  value: string;
  onChange?: (text: string) => void;
  onBlur?: () => void;
  /** Accessible name of the editing surface. */
  label: string;
  readOnly?: boolean;
  /** Problems beyond JSON syntax (schema errors), computed from the text. */
  diagnose?: (text: string) => Diagnostic[];
  minHeight?: string;
  maxHeight?: string;
  describedBy?: string;
  testId?: string;
}

// @uiw/react-codemirror reconfigures the whole editor (every extension, its styles, its lint) whenever one of
// these props changes identity, so they must not be new objects or functions on each render: with a dozen
// editors in the preset studio, that reconfiguring was most of the time of each keystroke.
const EDITABLE_SETUP = { foldGutter: true, highlightActiveLine: true, highlightActiveLineGutter: true, autocompletion: false };
const READ_ONLY_SETUP = { ...EDITABLE_SETUP, highlightActiveLine: false, highlightActiveLineGutter: false };

/** A function that keeps its identity across renders and always calls the latest `callback`. */
function useStableCallback<Args extends unknown[]>(callback: ((...args: Args) => void) | undefined): ((...args: Args) => void) | undefined {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  const stable = useCallback((...args: Args) => latest.current?.(...args), []);
  return callback ? stable : undefined;
}

/**
 * Shows a new `value` by replacing only the text that differs, before @uiw/react-codemirror's own effect would
 * replace the whole document (it then finds nothing to do). A whole-document replacement makes CodeMirror parse,
 * lay out and draw the request again, most of a keystroke's time in the studio; a change of a few characters
 * keeps its parse tree and its drawn lines. Marked as external, so it is not reported back as the user's edit.
 */
function useMinimalValueSync(editor: React.RefObject<ReactCodeMirrorRef | null>, value: string) {
  useLayoutEffect(() => {
    const view = editor.current?.view;
    if (!view) return;
    const change = textChange(view.state.doc.toString(), value);
    if (change) view.dispatch({ changes: change, annotations: [ExternalChange.of(true)] });
  }, [editor, value]);
}

/**
 * CodeMirror 6 with JSON highlighting, syntax errors, and optional schema diagnostics underlined at
 * the path they concern. Its own chunk: pages load it through `JsonCodeEditor` (./json-code-editor), only once
 * an editor is on screen. Memoised: @uiw/react-codemirror rebuilds its themes and extensions on every render, so
 * an editor whose props did not change must not render again with the form around it.
 */
function CodeMirrorJsonEditor({
  value,
  onChange,
  onBlur,
  label,
  readOnly,
  diagnose,
  minHeight = "6rem",
  maxHeight = "28rem",
  describedBy,
}: JsonCodeEditorProps) {
  const dark = usePrefersDark();
  const stableOnChange = useStableCallback(onChange);
  const stableOnBlur = useStableCallback(onBlur);
  const editor = useRef<ReactCodeMirrorRef>(null);
  useMinimalValueSync(editor, value);
  const extensions = useMemo(() => {
    const list = [
      json(),
      EditorView.lineWrapping,
      // Focusable even when read-only, so keyboard users can reach and scroll every code block.
      EditorView.contentAttributes.of({ "aria-label": label, tabindex: "0", ...(describedBy ? { "aria-describedby": describedBy } : {}) }),
    ];
    if (!readOnly) {
      list.push(lintGutter());
      list.push(
        linter(
          (view) => {
            const syntax = jsonParseLinter()(view);
            if (syntax.length > 0 || !diagnose) return syntax;
            return diagnose(view.state.doc.toString());
          },
          { delay: 250 },
        ),
      );
    }
    return list;
  }, [label, describedBy, readOnly, diagnose]);

  return (
    <CodeMirror
      ref={editor}
      value={value}
      onChange={stableOnChange}
      onBlur={stableOnBlur}
      extensions={extensions}
      // Read-only stays "editable" for CodeMirror so the cursor can move and scroll; edits are refused.
      editable
      readOnly={readOnly}
      theme={dark ? accessibleDarkTheme : "light"}
      minHeight={minHeight}
      maxHeight={maxHeight}
      basicSetup={readOnly ? READ_ONLY_SETUP : EDITABLE_SETUP}
    />
  );
}

export default memo(CodeMirrorJsonEditor);
