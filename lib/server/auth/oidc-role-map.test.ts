import { describe, expect, it } from "vitest";
import { parseRoleMap, roleForEmail } from "./oidc-role-map";

describe("OIDC role map", () => {
  const rules = parseRoleMap(" alice@x.com=admin, *@x.com=editor ,*=viewer,");

  it("prefers the exact email, then the domain, then the catch-all", () => {
    expect(roleForEmail(rules, "Alice@X.com")).toBe("admin");
    expect(roleForEmail(rules, "bob@x.com")).toBe("editor");
    expect(roleForEmail(rules, "eve@elsewhere.org")).toBe("viewer");
  });

  it("gives no role when nothing matches", () => {
    expect(roleForEmail(parseRoleMap("*@x.com=editor"), "bob@y.com")).toBeNull();
    expect(roleForEmail(parseRoleMap("*@x.com=editor"), "bob@sub.x.com")).toBeNull();
  });

  it("names the bad entry", () => {
    expect(() => parseRoleMap("alice@x.com")).toThrow('invalid entry "alice@x.com"');
    expect(() => parseRoleMap("alice@x.com=root")).toThrow('invalid entry "alice@x.com=root"');
    expect(() => parseRoleMap("al*ce@x.com=admin")).toThrow('invalid pattern "al*ce@x.com"');
  });
});
