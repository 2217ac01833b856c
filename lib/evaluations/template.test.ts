import { describe, expect, it } from "vitest";
import { fillRequest, fillTemplate, missingVariable, requestVariables, templateVariables, unresolvedVariable } from "./template";

describe("{{vars}}", () => {
  it("finds variable names (spaces allowed inside the braces) and leaves anything else between braces alone", () => {
    expect(templateVariables("Weather in {{city}} on {{ day }}, {{city}} again; {{not a var}} {{1x}} {{")).toEqual(["city", "day"]);
  });

  it("fills what the vars have and leaves a variable without a value as written", () => {
    expect(fillTemplate("Hi {{name}}, {{ other }} and {{name}}.", { name: "Ada" })).toBe("Hi Ada, {{ other }} and Ada.");
    // A value holding braces is not filled again.
    expect(fillTemplate("{{a}}{{b}}", { a: "{{b}}", b: "x" })).toBe("{{b}}x");
    expect(fillTemplate("{{constructor}}", {})).toBe("{{constructor}}");
  });

  it("fills a request's instructions and input, nothing else", () => {
    const request = { model: "m", instructions: "Answer about {{topic}}.", input: "{{q}}", metadata: { note: "{{topic}}" } };
    expect(requestVariables(request)).toEqual(["topic", "q"]);
    expect(fillRequest(request, { topic: "HTTP", q: "Why?" })).toEqual({ model: "m", instructions: "Answer about HTTP.", input: "Why?", metadata: { note: "{{topic}}" } });
  });

  it("names the first row that lacks a variable a version uses", () => {
    expect(missingVariable(["a", "b"], { a: "1" })).toBe("b");
    const versions = [{ label: "v1", request: { instructions: "Speak as {{persona}}." } }];
    expect(unresolvedVariable(versions, [{ vars: { persona: "a pirate" } }, {}])).toEqual({ version: "v1", row: 1, name: "persona" });
    expect(unresolvedVariable(versions, [{ vars: { persona: "x" } }])).toBeNull();
  });
});
