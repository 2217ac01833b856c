import type { UsageCall } from "@/lib/contract/bff/usage";
import { csvCell } from "@/lib/evaluations/question-export";

const CSV_HEADER = ["time", "person", "feature", "model", "preset", "generation_id", "input_tokens", "output_tokens", "reserved_usd", "settled_usd", "state"];

/** The calls shown as CSV, through the evaluation exports' cell writer (formula-neutralising). */
export function usageCallsCsv(calls: readonly UsageCall[]): string {
  const rows = calls.map((call) =>
    [
      call.created_at,
      call.user_email ?? call.user_id,
      call.feature,
      call.model,
      call.preset ? `${call.preset}@${call.preset_version}` : "",
      call.generation_id ?? "",
      String(call.input_tokens ?? ""),
      String(call.output_tokens ?? ""),
      String(call.reserved_usd),
      call.settled_usd === null ? "" : String(call.settled_usd),
      call.state,
    ].map(csvCell).join(","),
  );
  return [CSV_HEADER.join(","), ...rows].join("\r\n") + "\r\n";
}
