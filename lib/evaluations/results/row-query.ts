import {
  EVAL_QUESTION_FLAGS,
  type EvaluationQuestionFlag,
  type EvaluationQuestionRow,
  type EvaluationQuestionsListQuery,
  type EvaluationQuestionSort,
  type EvaluationRowVersion,
  type EvaluationVerdict,
} from "@/lib/contract/bff/evaluation-results";

/** Filtering, sorting and paging the results table, on rows already built (question-rows.ts). */

/** A row carries every flag asked, the tag asked, and the search text (plain, case-insensitive). */
export function filterRows(rows: readonly EvaluationQuestionRow[], query: Pick<EvaluationQuestionsListQuery, "flags" | "tag" | "search">): EvaluationQuestionRow[] {
  const flags = query.flags ?? [];
  const needle = query.search?.toLowerCase();
  return rows.filter(
    (row) =>
      flags.every((flag) => row.flags[flag]) &&
      (query.tag === undefined || row.tags.includes(query.tag)) &&
      (needle === undefined || row.question.toLowerCase().includes(needle)),
  );
}

/** Verdicts from best to worst, for sorting a version's verdict column. */
const VERDICT_RANK: Record<EvaluationVerdict, number> = { passed: 0, mixed: 1, failed: 2, error: 3, pending: 4 };

type SortValue = number | string | null;

function cellValue(cell: EvaluationRowVersion | undefined, sort: EvaluationQuestionSort): SortValue {
  if (!cell) return null;
  switch (sort) {
    case "verdict":
      // Failed checks order within a verdict, so "failed 3 checks" sorts after "failed 1".
      return VERDICT_RANK[cell.verdict] * 1_000 + cell.failed_checks;
    case "cost":
      return cell.cost_usd;
    case "latency":
      return cell.latency_ms;
    case "citations":
      return cell.citation_count;
    case "changed":
      return cell.sources_changed === null ? null : cell.sources_changed ? 1 : 0;
    default:
      return null;
  }
}

function sortValue(row: EvaluationQuestionRow, sort: EvaluationQuestionSort, version: number): SortValue {
  switch (sort) {
    case "index":
      return row.question_index;
    case "question":
      return row.question.toLowerCase();
    case "flags":
      return EVAL_QUESTION_FLAGS.filter((flag: EvaluationQuestionFlag) => row.flags[flag]).length;
    default:
      return cellValue(row.versions[version], sort);
  }
}

/** Sorted copy: nulls last in either direction, ties by question index (a stable order for paging). */
function sortRows(rows: readonly EvaluationQuestionRow[], query: Pick<EvaluationQuestionsListQuery, "sort" | "sort_version" | "dir">): EvaluationQuestionRow[] {
  const sign = query.dir === "desc" ? -1 : 1;
  const keyed = rows.map((row) => ({ row, value: sortValue(row, query.sort, query.sort_version) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value !== b.value) return a.value === null ? 1 : -1;
    } else if (a.value !== b.value) {
      return (a.value < b.value ? -1 : 1) * sign;
    }
    return a.row.question_index - b.row.question_index;
  });
  return keyed.map((entry) => entry.row);
}

/** The filtered, sorted list a page and the detail's prev/next read. */
export function queryRows(rows: readonly EvaluationQuestionRow[], query: EvaluationQuestionsListQuery): EvaluationQuestionRow[] {
  return sortRows(filterRows(rows, query), query);
}

/** One page of the list and where the next one starts. */
export function pageRows<T>(list: readonly T[], offset: number, limit: number): { data: T[]; next_offset: number | null } {
  const data = list.slice(offset, offset + limit);
  return { data, next_offset: offset + limit < list.length ? offset + limit : null };
}

/** The question's place in the list and its neighbours (null at the ends, or everywhere when it is not in the list). */
export function neighbours(list: readonly EvaluationQuestionRow[], questionIndex: number): { prev: number | null; next: number | null; position: number | null } {
  const position = list.findIndex((row) => row.question_index === questionIndex);
  if (position < 0) return { prev: null, next: null, position: null };
  return {
    prev: position > 0 ? list[position - 1].question_index : null,
    next: position < list.length - 1 ? list[position + 1].question_index : null,
    position,
  };
}

/** Rows per flag and per tag over the whole run, for the filter's badges and choices. */
export function rowCounts(rows: readonly EvaluationQuestionRow[]): { flag_counts: Record<string, number>; tags: { tag: string; count: number }[] } {
  const flagCounts: Record<string, number> = Object.fromEntries(EVAL_QUESTION_FLAGS.map((flag) => [flag, 0]));
  const tags = new Map<string, number>();
  for (const row of rows) {
    for (const flag of EVAL_QUESTION_FLAGS) if (row.flags[flag]) flagCounts[flag] += 1;
    for (const tag of row.tags) tags.set(tag, (tags.get(tag) ?? 0) + 1);
  }
  return { flag_counts: flagCounts, tags: [...tags].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1)) };
}
