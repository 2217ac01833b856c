import type { CitationFaultRates } from "./responder/citation-faults";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { Db } from "./db";
import type { FaultHit, FaultInjector } from "./faults";
import type { FilesStore } from "./files-store";
import type { AuthenticatedKey } from "./keys";
import type { PresetsStore } from "./presets-store";
import type { RateLimiter } from "./rate-limit";
import type { StreamCounters } from "./responder/sse";
import type { UploadSlots } from "./upload-slots";
import type { VideoJobsStore } from "./video/jobs-store";
import type { VideoRenderer } from "./video/renderer";
import type { WebSearchIndex } from "./search/web-search";
import type { WorkspacesStore } from "./workspaces-store";
import type { GenerationsStore } from "./generations-store";

/** Everything a route handler may use; built once by startEmbeddedGateway (or a test). */
export interface GatewayContext {
  db: Db;
  presets: PresetsStore;
  files: FilesStore;
  workspaces: WorkspacesStore;
  /** Signs file-listing cursors; kept in the database so cursors survive a restart. */
  cursorSecret: Buffer;
  limits: { maxJsonBytes: number; maxUploadBytes: number; defaultFilesPageSize: number };
  /** Uploads in flight (bounded) and the folder they are received in before being stored. */
  uploads: { slots: UploadSlots; tmpDir: () => string };
  rateLimiter: RateLimiter;
  /** null unless fault injection is enabled; the debug and fault routes exist only then. */
  faults: FaultInjector | null;
  /** Strict mode: behave as the real gateway where ours differs (config.strict). */
  strict: boolean;
  streams: StreamCounters;
  /** Each answer's record: GET /generation, /credits, /key, /activity (routes/accounting.ts). */
  generations: GenerationsStore;
  search: () => WebSearchIndex;
  /** Multiplies the models' simulated delays (config.answerTimeScale). */
  answerTimeScale: number;
  /** Planted citation faults (config.citationFaults). */
  citationFaults: CitationFaultRates | null;
  videos: {
    jobs: VideoJobsStore;
    renderer: VideoRenderer;
    /** Per-key limit on POST /videos. */
    rateLimiter: RateLimiter;
    timeScale: number;
    creditsUsd: number;
  };
}

export type GatewayEnv = {
  /** Set by @hono/node-server; absent when the app is called through app.fetch directly. */
  Bindings: Partial<HttpBindings>;
  Variables: { key: AuthenticatedKey; fault: FaultHit | null };
};
export type GatewayCtx = Context<GatewayEnv>;

export interface RouteDef {
  method: "GET" | "POST" | "DELETE";
  /** Relative to the base path, in Hono syntax ("/presets/:slug"). */
  path: string;
  /** public: no key needed (a key sent is checked); any: an API or management key; management: only that. */
  access: "public" | "any" | "management";
  /** Counted against the per-key rate limit (GET /files). */
  rateLimited?: boolean;
  handler: (c: GatewayCtx) => Response | Promise<Response>;
}
