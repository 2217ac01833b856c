import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isFastLaneRoute } from "@/lib/server/fast-lane-route";
import { MANIFEST, renderFastLaneManifest } from "../build/fast-lane-manifest.mjs";
import { FAST_LANE_ROUTES } from "./routes.generated";

const root = path.resolve(__dirname, "../..");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function routeFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return routeFiles(relative);
    return entry.name === "route.ts" ? [relative] : [];
  });
}

describe("the fast lane's routes", () => {
  it("are what the route files say: the generated list is up to date (npm run build rewrites it)", () => {
    expect(readFileSync(path.join(root, MANIFEST), "utf8")).toBe(renderFastLaneManifest(root));
    expect(Object.keys(FAST_LANE_ROUTES).length).toBeGreaterThan(0);
  });

  it("each is exactly the handler its route file exports, and that export opted in", async () => {
    for (const [route, handler] of Object.entries(FAST_LANE_ROUTES)) {
      const [method, pathname] = route.split(" ");
      const routeModule = (await import(/* @vite-ignore */ path.join(root, "app", pathname, "route.ts"))) as Record<string, unknown>;
      expect(routeModule[method], route).toBe(handler);
      expect(isFastLaneRoute(handler), `${route} does not opt in with fastLane(...)`).toBe(true);
    }
  });

  it("every route file export that opted in is in the list, whatever way it was written", async () => {
    const optedIn: string[] = [];
    // Exact paths only: a route with dynamic segments cannot take the lane, and the generator refuses one that
    // opts in (Auth.js's catch-all route, among them, does not even load outside Next).
    for (const file of routeFiles("app/api").filter((file) => !file.includes("["))) {
      const routeModule = (await import(/* @vite-ignore */ path.join(root, file))) as Record<string, unknown>;
      const pathname = `/${file.split("/").slice(1, -1).filter((segment) => !segment.startsWith("(")).join("/")}`;
      for (const method of METHODS) if (isFastLaneRoute(routeModule[method])) optedIn.push(`${method} ${pathname}`);
    }
    expect(optedIn.sort()).toEqual(Object.keys(FAST_LANE_ROUTES).sort());
  });
});
