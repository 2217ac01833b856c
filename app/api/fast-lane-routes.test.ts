import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAST_LANE_ROUTES } from "@/lib/server/fast-lane-routes";

const root = path.resolve(__dirname, "../..");

describe("the fast lane's routes", () => {
  it("each is exactly the handler its app/api route file exports for that method", async () => {
    expect(Object.keys(FAST_LANE_ROUTES).length).toBeGreaterThan(0);
    for (const [route, handler] of Object.entries(FAST_LANE_ROUTES)) {
      const [method, pathname] = route.split(" ");
      expect(pathname).toMatch(/^\/api\/[a-z0-9/-]+$/);
      const routeModule = (await import(/* @vite-ignore */ path.join(root, "app", pathname, "route.ts"))) as Record<string, unknown>;
      expect(routeModule[method], route).toBe(handler);
    }
  });
});
