import { describe, expect, it } from "vitest";
import { CHECK_KINDS } from "@/lib/evaluations/checks";
import { parseCheck } from "@/lib/evaluations/check-spelling";
import { evaluateVersionsHref } from "./links";
import { CHECK_KIND_NAMES, checkSpelling, emptyPlanForm, planFormFromParams, planRequest, prefilledFields, startBlockedReason, visibleErrors, type PlanForm } from "./plan-form";

const SET = "0f8e7a3c-1d2b-4c5d-8e9f-0a1b2c3d4e5f";
const params = (query: string) => new URLSearchParams(query);
const form = (changes: Partial<PlanForm>): PlanForm => ({ ...emptyPlanForm(), setId: SET, ...changes });

describe("planFormFromParams", () => {
  it("prefills the preset and its versions from the studio's link", () => {
    const prefilled = planFormFromParams(params("preset=web-research&versions=3,5"));
    expect(prefilled.preset).toBe("web-research");
    expect(prefilled.versions).toEqual([3, 5]);
  });

  it("drops what is not a version, repeats and anything past four", () => {
    expect(planFormFromParams(params("preset=p&versions=2,x,2,-1,0,1,3,4,5")).versions).toEqual([2, 1, 3, 4]);
  });

  it("ignores versions without a preset and a slug that is not one", () => {
    expect(planFormFromParams(params("versions=1,2")).versions).toEqual([]);
    expect(planFormFromParams(params("preset=../../etc&versions=1")).preset).toBe("");
  });

  it("takes a question set id only when it looks like one", () => {
    expect(planFormFromParams(params(`set=${SET}`)).setId).toBe(SET);
    expect(planFormFromParams(params("set=nope")).setId).toBe("");
  });
});

describe("planRequest", () => {
  it("turns a valid form into the run request", () => {
    const result = planRequest(form({ preset: "web-research", versions: [1, 2], checks: ["min-citations:2"], capUsd: "2.5", concurrency: 8, repeats: 2 }));
    expect(result.errors).toBeNull();
    expect(result.body).toEqual({ set_id: SET, preset: "web-research", versions: [1, 2], models: [], repeats: 2, concurrency: 8, checks: ["min-citations:2"], cap_usd: 2.5 });
  });

  it("pins a set version when one is chosen", () => {
    expect(planRequest(form({ models: ["gatehouse/swift"], setVersion: 3 })).body?.set_version).toBe(3);
  });

  it("folds @preset/slug@n targets into the preset's versions", () => {
    const result = planRequest(form({ models: ["@preset/web-research@2", "gatehouse/swift"], preset: "", versions: [] }));
    expect(result.body).toMatchObject({ preset: "web-research", versions: [2], models: ["gatehouse/swift"] });
  });

  it("refuses a second preset, naming the target", () => {
    const result = planRequest(form({ preset: "web-research", versions: [1], models: ["@preset/other@1"] }));
    expect(result.errors?.models).toContain("@preset/other@1");
  });

  it("names each field that is wrong", () => {
    const result = planRequest({ ...emptyPlanForm(), repeats: 4, concurrency: 17, capUsd: "0" });
    expect(result.errors).toMatchObject({
      versions: "Choose at least one version or model",
      setId: "Choose a question set",
      repeats: "Repeats must be 1 to 3",
      concurrency: "Concurrency must be 1 to 16",
      capUsd: expect.stringContaining("above 0"),
    });
  });

  it("refuses more than four targets in all", () => {
    expect(planRequest(form({ preset: "p", versions: [1, 2, 3], models: ["a", "b"] })).errors?.versions).toContain("at most 4");
  });

  it("refuses a cap that is not a number", () => {
    expect(planRequest(form({ models: ["a"], capUsd: "five" })).errors?.capUsd).toBeDefined();
    expect(planRequest(form({ models: ["a"], capUsd: "" })).errors?.capUsd).toBeDefined();
  });
});

describe("check kinds", () => {
  it("offers exactly the engine's kinds", () => {
    expect([...CHECK_KIND_NAMES].sort()).toEqual([...CHECK_KINDS].sort());
  });

  it("spells checks the way the engine parses them", () => {
    expect(parseCheck(checkSpelling("contains", "Paris is")).ok).toBe(true);
    expect(checkSpelling("contains", " two spaces ")).toBe("contains: two spaces ");
    expect(checkSpelling("min-citations", " 2 ")).toBe("min-citations:2");
    expect(checkSpelling("citation-support", "")).toBe("citation-support");
    expect(parseCheck(checkSpelling("citation-support", "")).ok).toBe(true);
    expect(parseCheck(checkSpelling("min-citations", "two")).ok).toBe(false);
  });
});

describe("startBlockedReason", () => {
  const estimate = { refusals: [] };
  it("lets a valid, estimated, unrefused plan start", () => {
    expect(startBlockedReason({ errors: null, estimate, loading: false, estimateError: null })).toBeNull();
  });

  it("names the form's problem first, then the estimate's state, then the refusal", () => {
    expect(startBlockedReason({ errors: { setId: "Choose a question set" }, estimate, loading: false, estimateError: null })).toBe("Choose a question set");
    expect(startBlockedReason({ errors: null, estimate: undefined, loading: true, estimateError: null })).toBe("Waiting for the estimate…");
    expect(startBlockedReason({ errors: null, estimate: undefined, loading: false, estimateError: "versions[0]: no version 9" })).toContain("no version 9");
    const refused = { refusals: [{ message: "The estimate, $3.00, is over the cap of $1.00." }] };
    expect(startBlockedReason({ errors: null, estimate: refused, loading: false, estimateError: null })).toBe("The estimate, $3.00, is over the cap of $1.00.");
  });
});

describe("evaluateVersionsHref", () => {
  it("links the form with this version and the designated one, which the form reads back", () => {
    const href = evaluateVersionsHref("web-research", [3, 5]);
    expect(href).toBe("/evaluations/runs/new?preset=web-research&versions=3,5");
    expect(planFormFromParams(new URL(href, "http://x").searchParams)).toMatchObject({ preset: "web-research", versions: [3, 5] });
    expect(evaluateVersionsHref("p", [2, 2])).toBe("/evaluations/runs/new?preset=p&versions=2");
  });
});

describe("visibleErrors: a field is not red before it was touched", () => {
  const empty = planRequest(emptyPlanForm()).errors;

  it("shows nothing on a new form, though Start names what is missing", () => {
    expect(empty).toMatchObject({ versions: "Choose at least one version or model", setId: "Choose a question set" });
    expect(visibleErrors(empty, prefilledFields(emptyPlanForm()))).toEqual({});
    expect(startBlockedReason({ errors: empty, estimate: undefined, loading: false, estimateError: null })).toBe("Choose at least one version or model");
  });

  it("shows an error once one of its fields was changed, or filled by a link", () => {
    expect(visibleErrors(empty, new Set(["setId"]))).toEqual({ setId: "Choose a question set" });
    expect(visibleErrors(empty, new Set(["preset"]))).toEqual({});
    expect(visibleErrors(empty, new Set(["versions"]))).toEqual({ versions: "Choose at least one version or model" });
    // A studio link fills the preset and its versions: the set is still to choose, and not red.
    const linked = planFormFromParams(new URLSearchParams("preset=web-research&versions=1,2"));
    expect([...prefilledFields(linked)].sort()).toEqual(["preset", "versions"]);
    expect(visibleErrors(planRequest(linked).errors, prefilledFields(linked))).toEqual({});
    // A prefilled form that is wrong shows it at once.
    const mixed: PlanForm = { ...linked, models: ["@preset/other@2"] };
    expect(visibleErrors(planRequest(mixed).errors, prefilledFields(mixed))).toEqual({ models: expect.stringContaining("is of another preset") });
  });
});
