import { describe, expect, it } from "vitest";
import { MAX_FAILURES, SignInThrottle, WINDOW_MS } from "./sign-in-throttle";

describe("SignInThrottle", () => {
  it("blocks an email after too many failures until the window ends; success clears it", () => {
    let now = 1_000_000;
    const throttle = new SignInThrottle(() => now);
    for (let i = 0; i < MAX_FAILURES - 1; i++) throttle.fail("Ann@x.com");
    expect(throttle.blockedFor("ann@x.com")).toBe(0);
    throttle.fail("ann@x.com");
    expect(throttle.blockedFor("ANN@x.com")).toBe(WINDOW_MS / 1000);
    expect(throttle.blockedFor("bob@x.com")).toBe(0);
    now += WINDOW_MS;
    expect(throttle.blockedFor("ann@x.com")).toBe(0);
    throttle.fail("bob@x.com");
    throttle.succeed("bob@x.com");
    for (let i = 0; i < MAX_FAILURES - 1; i++) throttle.fail("bob@x.com");
    expect(throttle.blockedFor("bob@x.com")).toBe(0);
  });
});
