import { expect, type APIRequestContext } from "@playwright/test";

/** Creates a question set through the BFF (a CSV or JSONL `text`, or `rows`) and gives its id. */
export async function createQuestionSet(api: APIRequestContext, data: { name: string; format?: "csv" | "jsonl"; text?: string; rows?: { question: string }[] }): Promise<string> {
  const response = await api.post("/api/evaluations/question-sets", { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { set_id: string } }).data.set_id;
}
