import type { ImportReport } from "@/lib/question-sets/import-report";

/** The rows a refused import names, line by line, and how many more the file has: nothing was imported. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { errors, errorCount, more } = report;
  return (
    <div role="alert" aria-labelledby="import-report-title" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
      <p id="import-report-title" className="font-semibold">
        {errorCount === 1 ? "1 problem" : `${errorCount.toLocaleString("en-US")} problems`} in the file: nothing was imported.
      </p>
      <p className="mt-1">Fix the file and import it again.</p>
      <div className="mt-2 max-h-64 overflow-auto">
        <table className="w-full text-left text-xs" data-testid="import-report">
          <caption className="sr-only">Problems in the file</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Line
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Field
              </th>
              <th scope="col" className="py-1 font-medium">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error, index) => (
              <tr key={index} className="align-top">
                <td className="py-1 pr-3 tabular-nums">{error.line}</td>
                <td className="break-all py-1 pr-3 font-mono">{error.field}</td>
                <td className="py-1">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? <p className="mt-2 font-medium">{more.toLocaleString("en-US")} more not listed.</p> : null}
    </div>
  );
}
