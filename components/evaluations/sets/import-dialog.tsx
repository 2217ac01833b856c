"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogSubmitActions } from "@/components/ui/dialog-submit-actions";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/client/api-client";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { importQuestionFile, questionSetKeys } from "@/lib/client/queries/evaluation-sets";
import { formatFromFileName } from "@/lib/evaluations/question-file-format";
import { importReportOf, setNameOf, type ImportReport } from "@/lib/question-sets/import-report";
import { ImportReportView } from "./import-report";
import { returnFocusTo, type LazyPopupProps } from "@/components/ui/use-lazy-popup";

/** Into a new set, or as the next version of an existing one (on top of the version the editor shows). */
export type ImportTarget = { kind: "new" } | { kind: "version"; setId: string; baseVersion: number };

/**
 * Imports a CSV or JSONL file all or nothing: the browser sends the file itself and the server parses it as it
 * arrives (the CSV parser needs Node; a file over the row or byte limit is refused without being read whole). A refused file shows every bad row the server names; nothing is stored, and the user
 * picks the fixed file and imports again.
 */
export default function ImportDialog({ target, open, setOpen, trigger, contentId }: { target: ImportTarget } & LazyPopupProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  // The name the last chosen file suggested: a later file replaces it unless the person typed their own.
  const [suggested, setSuggested] = useState("");
  const [fileError, setFileError] = useState<string>();
  const [nameError, setNameError] = useState<string>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const reset = () => {
    setReport(null);
    setFailure(null);
    setFileError(undefined);
    setNameError(undefined);
  };

  const chooseFile = (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (chosen && target.kind === "new" && (name === "" || name === suggested)) {
      const next = setNameOf(chosen.name);
      setName(next);
      setSuggested(next);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    reset();
    const format = file ? formatFromFileName(file.name) : null;
    if (!file) return setFileError("File: choose a CSV or JSONL file");
    if (!format) return setFileError("File must end in .csv, .jsonl or .ndjson");
    setPending(true);
    try {
      if (target.kind === "new") {
        const created = await importQuestionFile(file, format, { kind: "new", name: name.trim() });
        await queryClient.invalidateQueries({ queryKey: questionSetKeys.list() });
        setOpen(false);
        router.push(`/evaluations/sets/${created.set_id}`);
      } else {
        await importQuestionFile(file, format, { ...target, note: `Imported from ${file.name}`.slice(0, 500) });
        // The answer describes the version without its rows: the newest version and its pages are read again.
        await queryClient.invalidateQueries({ queryKey: questionSetKeys.detail(target.setId) });
        await queryClient.invalidateQueries({ queryKey: questionSetKeys.list() });
        setOpen(false);
      }
    } catch (error) {
      const rows = error instanceof ApiError && error.status === 400 ? importReportOf(error.metadata) : null;
      const named = error instanceof ApiError ? error.issues.find((issue) => issue.path === "name") : undefined;
      if (rows) setReport(rows);
      else if (named) setNameError(`Name ${named.message.replace(/^name /, "")}`);
      else setFailure(apiErrorMessage(error, { status: { 409: (conflict) => `${conflict.message} Close this, reload the set and import again.` } }));
    } finally {
      setPending(false);
    }
  };

  const title = target.kind === "new" ? "Import a question set" : "Import a new version";
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogContent
        id={contentId}
        title={title}
        description="A CSV with a header row (question, expected, tags, allowed_domains, time_sensitive) or JSONL, one question per line. Every row is checked; one bad row and nothing is imported."
        onCloseAutoFocus={returnFocusTo(trigger)}
        className="sm:max-w-2xl"
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <Field label="CSV or JSONL file" error={fileError}>
            {(control) => (
              <Input {...control} type="file" accept=".csv,.jsonl,.ndjson,text/csv,application/jsonl" onChange={(event) => chooseFile(event.target.files?.[0] ?? null)} />
            )}
          </Field>
          {target.kind === "new" ? (
            <Field label="Name of the new set" error={nameError}>
              {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" maxLength={200} />}
            </Field>
          ) : null}
          {report ? <ImportReportView report={report} /> : null}
          {failure ? <Alert>{failure}</Alert> : null}
          <DialogSubmitActions pending={pending} label="Import" pendingLabel="Importing…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
