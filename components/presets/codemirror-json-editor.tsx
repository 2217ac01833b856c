"use client";

import { json, jsonParseLinter } from "@codemirror/lang-json";
import { linter, lintGutter, type Diagnostic } from "@codemirror/lint";
import { EditorView } from "@codemirror/view";
import CodeMirror from "@uiw/react-codemirror";
import { useMemo, useSyncExternalStore } from "react";
import { accessibleDarkTheme } from "./code-theme";

function subscribeToScheme(onChange: () => void) {
  const query = window.matchMedia("(prefers-color-scheme: dark)");
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The editor's theme follows the system setting, as the rest of the app does. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeToScheme,
    () => window.matchMedia("(prefers-color-scheme: dark)").matches,
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

/**
 * CodeMirror 6 with JSON highlighting, syntax errors, and optional schema diagnostics underlined at
 * the path they concern. Its own chunk: pages load it through `JsonCodeEditor` (./json-code-editor), only once
 * an editor is on screen.
 */
export default function CodeMirrorJsonEditor({
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
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      extensions={extensions}
      // Read-only stays "editable" for CodeMirror so the cursor can move and scroll; edits are refused.
      editable
      readOnly={readOnly}
      theme={dark ? accessibleDarkTheme : "light"}
      minHeight={minHeight}
      maxHeight={maxHeight}
      basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, highlightActiveLineGutter: !readOnly, autocompletion: false }}
    />
  );
}
