import { describe, expect, it } from "vitest";
import { HttpError } from "../http/errors";
import { chooseJudgeModel } from "./judge-model";

const EMBEDDED = new Set(["gatehouse/swift", "gatehouse/judge"]);
const REAL = new Set(["openai/gpt-4o-mini", "anthropic/claude-3.5-haiku"]);

function refusal(run: () => unknown): { status: number; issues: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, issues: (error.metadata as { issues?: unknown } | undefined)?.issues };
    throw error;
  }
  throw new Error("not refused");
}

describe("chooseJudgeModel", () => {
  it("asked for, else EVAL_JUDGE_MODEL, else the demo judge only where the gateway lists it", () => {
    expect(chooseJudgeModel({ requested: "gatehouse/swift", configured: "gatehouse/judge", listed: EMBEDDED, needed: true, field: "judge_model" })).toBe("gatehouse/swift");
    expect(chooseJudgeModel({ requested: undefined, configured: "openai/gpt-4o-mini", listed: REAL, needed: true, field: "judge_model" })).toBe("openai/gpt-4o-mini");
    expect(chooseJudgeModel({ requested: undefined, configured: undefined, listed: EMBEDDED, needed: true, field: "judge_model" })).toBe("gatehouse/judge");
    // No check needs a judge and none was chosen: none, and nothing refused.
    expect(chooseJudgeModel({ requested: undefined, configured: undefined, listed: REAL, needed: false, field: "judge_model" })).toBeUndefined();
  });

  it("against a real gateway without EVAL_JUDGE_MODEL, a judge check is refused (400 naming the field), never sent to a model that does not exist", () => {
    expect(refusal(() => chooseJudgeModel({ requested: undefined, configured: undefined, listed: REAL, needed: true, field: "judge_model" }))).toEqual({
      status: 400,
      issues: [{ path: "judge_model", message: expect.stringContaining("set EVAL_JUDGE_MODEL") }],
    });
  });

  it("refuses a judge the gateway does not list, asked for or configured", () => {
    expect(refusal(() => chooseJudgeModel({ requested: "gatehouse/judge", configured: undefined, listed: REAL, needed: true, field: "--judge-model" }))).toEqual({
      status: 400,
      issues: [{ path: "--judge-model", message: 'the gateway lists no model "gatehouse/judge"; choose a judge model from its catalog' }],
    });
    expect(refusal(() => chooseJudgeModel({ requested: undefined, configured: "acme/x", listed: REAL, needed: false, field: "judge_model" })).issues).toEqual([
      { path: "judge_model", message: expect.stringContaining("(from EVAL_JUDGE_MODEL)") },
    ]);
  });
});
