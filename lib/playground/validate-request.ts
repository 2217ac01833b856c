import { ResponsesRequestSchema, describeZodError, type FieldIssue } from "@/lib/contract/gateway";
import { runBody, type RequestDraft } from "./setup";

/**
 * What is wrong with a column's request, checked as it would be sent (the shared schema, stream on).
 * A module of its own because it brings zod and the contract's request schema: the page loads it after
 * its first paint, and a run waits for it, so no request goes out unchecked.
 */
export function validateRequest(request: RequestDraft): FieldIssue[] {
  const result = ResponsesRequestSchema.safeParse(runBody(request));
  return result.success ? [] : describeZodError(result.error);
}
