import { describe, expect, it } from "vitest";
import { defaultRunName, runNameOf } from "./run-name";

describe("run names", () => {
  it("names the preset once, then its versions, then the set", () => {
    expect(defaultRunName(["web-research v2", "web-research v3"], "Capitals")).toBe("web-research v2 vs v3 · Capitals");
    expect(defaultRunName(["web-research v2", "gatehouse/swift", "web-research v3"], "Capitals")).toBe("web-research v2 vs gatehouse/swift vs web-research v3 · Capitals");
    expect(defaultRunName(["gatehouse/swift"])).toBe("gatehouse/swift");
    expect(defaultRunName(["x".repeat(300)]).length).toBe(200);
  });

  it("a stored name wins; older runs get the default from their plan", () => {
    expect(runNameOf("Release candidate", { versions: [{ label: "a v1" }] })).toBe("Release candidate");
    expect(runNameOf(null, { versions: [{ label: "a v1" }, { label: "a v2" }] })).toBe("a v1 vs v2");
  });
});
