import "server-only";
import type { FastLaneTable } from "./fast-lane";
import { listFiles } from "./handlers/files";
import { postResponses } from "./handlers/responses";

/**
 * The routes the dashboard server serves through the fast lane (fast-lane.ts): the two every user pays for
 * most, the file list's pages and the playground's streamed answers. Each is the handler its app/api route
 * file exports (fast-lane-routes.test.ts checks that), so the lane changes how a request reaches the
 * handler, never what the handler does. A route with dynamic segments cannot be listed (exact paths only).
 */
export const FAST_LANE_ROUTES: FastLaneTable = {
  "GET /api/files": listFiles,
  "POST /api/responses": postResponses,
};
