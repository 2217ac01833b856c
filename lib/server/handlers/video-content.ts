import "server-only";
import { z } from "zod";
import { parseWith } from "../http/body";
import { API_HEADERS, HttpError } from "../http/errors";
import { defineRoute, type RouteParams } from "../http/route";
import { fetchVideoContent, isRecordedJob } from "../services/video-generations";

type JobParams = RouteParams<"jobId">;

const JobIdSchema = z.string().min(1).max(256);

/** Request headers a player's seek needs the gateway to see. */
const PASSED_REQUEST_HEADERS = ["range", "if-range"];
/** Answer headers that describe the bytes (206 ranges included); nothing else of the gateway's is relayed. */
const PASSED_RESPONSE_HEADERS = ["content-type", "content-length", "content-range", "accept-ranges", "etag", "last-modified"];

/**
 * GET /api/videos/jobs/{jobId}/content: a generated video, relayed from the gateway (whose URL needs
 * the key) without buffering. Range and If-Range go through and 206/416 come back as they are, so a
 * player seeks without downloading the whole clip. Only jobs in the history: the route cannot be used
 * to read anything else the key can reach.
 */
export const relayJobContent = defineRoute<JobParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const jobId = parseWith(JobIdSchema, params.jobId, "Invalid job id");
  if (!(await isRecordedJob(jobId))) {
    throw new HttpError(404, `No video job ${jobId} in the generation history`);
  }
  const headers: Record<string, string> = {};
  for (const name of PASSED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const upstream = await fetchVideoContent(jobId, headers, request.signal);
  const out = new Headers({ "Cache-Control": "private, no-store", "Content-Security-Policy": "default-src 'none'; sandbox", ...API_HEADERS });
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: out });
});
