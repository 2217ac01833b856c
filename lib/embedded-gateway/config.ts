import { parseCitationFaults, type CitationFaultRates } from "./responder/citation-faults";
import path from "node:path";
import type { CorpusChoice } from "./search/corpus";

export interface EmbeddedGatewayOptions {
  /** Data folder (DATA_DIR, default .data): the database and the generated keys live here. */
  dataDir?: string;
  /** Database file; ":memory:" for tests. Default `${dataDir}/embedded-gateway.db`. */
  dbFile?: string;
  host?: string;
  /** 0 picks a free port. Default GATEWAY_PORT or 4010. */
  port?: number;
  apiKey?: string;
  managementKey?: string;
  /** Fault injection and debug routes (EMBEDDED_GATEWAY_FAULTS=1). */
  faults?: boolean;
  /**
   * Behave exactly like the real gateway where the two differ (EMBEDDED_GATEWAY_STRICT=1): none of our
   * extensions, so the dashboard can be proven to need none. See README "Embedded, strict, real".
   */
  strict?: boolean;
  /** GET /files requests per minute per key (EMBEDDED_GATEWAY_RATE_LIMIT, default 1200). */
  rateLimitPerMinute?: number;
  /** Demo files in the default workspace on first start (EMBEDDED_GATEWAY_DEMO_FILES, default 25000). */
  demoFiles?: number;
  /** Seed demo presets and files on first start (default true). */
  seed?: boolean;
  /** Print the start banner with the base URL and both keys. */
  log?: boolean;
  // Extensions beyond the shared interface, for tests and operators:
  /** Largest accepted upload (EMBEDDED_GATEWAY_MAX_UPLOAD_BYTES, default 100 MB). */
  maxUploadBytes?: number;
  /** Uploads received at once; the next one gets 429 (EMBEDDED_GATEWAY_MAX_PARALLEL_UPLOADS, default 4). */
  maxParallelUploads?: number;
  /** Where uploads are received before they are stored (default `${dataDir}/upload-tmp`, or a fresh OS temp folder with an in-memory database). */
  uploadTmpDir?: string;
  /** Web search corpus: "npm" (installed READMEs + fixed texts, default) or "fixed" (deterministic tests). */
  corpus?: CorpusChoice;
  /** Where node_modules is looked up for the npm corpus (default the working directory). */
  projectRoot?: string;
  /** Multiplies the simulated video generation times (EMBEDDED_GATEWAY_VIDEO_TIME_SCALE, default 1; 0: done as soon as the clip is made). */
  videoTimeScale?: number;
  /**
   * Multiplies the models' simulated timing: search latency, first-token delay and token pacing
   * (EMBEDDED_GATEWAY_ANSWER_TIME_SCALE, default 1; 0: answers as fast as they are composed, for
   * evaluation benchmarks and tests that run hundreds of answers). The answers themselves do not change.
   */
  answerTimeScale?: number;
  /**
   * Planted citation faults at known rates, seeded (EMBEDDED_GATEWAY_CITATION_FAULTS, e.g.
   * "unsupported=0.2,off_topic=0.1,invented=0.1,seed=7"; unset: none), for measuring the citation checks.
   */
  citationFaults?: CitationFaultRates | null;
  /** Demo credits in USD per key for video generation (EMBEDDED_GATEWAY_VIDEO_CREDITS, default 50); past them POST /videos is a 402. */
  videoCreditsUsd?: number;
  /** POST /videos per minute per key (EMBEDDED_GATEWAY_VIDEO_RATE_LIMIT, default 60). */
  videoRateLimitPerMinute?: number;
  /** Where generated clips are kept (default `${dataDir}/video-cache`, or a fresh OS temp folder with an in-memory database). */
  videoCacheDir?: string;
  /** A client must send a request's headers within this (SERVER_HEADERS_TIMEOUT_MS, default 10 s, as the dashboard's server). */
  headersTimeoutMs?: number;
}

export interface ResolvedConfig {
  dataDir: string;
  dbFile: string;
  keysFile: string | null;
  host: string;
  port: number;
  apiKey: string | undefined;
  managementKey: string | undefined;
  faults: boolean;
  strict: boolean;
  rateLimitPerMinute: number;
  demoFiles: number;
  seed: boolean;
  log: boolean;
  maxUploadBytes: number;
  maxParallelUploads: number;
  uploadTmpDir: string | undefined;
  corpus: CorpusChoice;
  projectRoot: string;
  videoTimeScale: number;
  answerTimeScale: number;
  citationFaults: CitationFaultRates | null;
  videoCreditsUsd: number;
  videoRateLimitPerMinute: number;
  videoCacheDir: string | undefined;
  headersTimeoutMs: number;
}

function envInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function envNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function envFlag(name: string): boolean {
  const raw = (process.env[name] ?? "").trim().toLowerCase();
  return raw === "1" || raw === "true" || raw === "yes" || raw === "on";
}

/** Options win over environment variables, which win over defaults; a malformed variable stops the start with its name. */
export function resolveConfig(opts: EmbeddedGatewayOptions = {}): ResolvedConfig {
  const dataDir = path.resolve(opts.dataDir ?? (process.env.DATA_DIR || ".data"));
  const dbFile = opts.dbFile ?? path.join(dataDir, "embedded-gateway.db");
  const corpusEnv = process.env.EMBEDDED_GATEWAY_CORPUS;
  if (corpusEnv && corpusEnv !== "npm" && corpusEnv !== "fixed") throw new Error(`EMBEDDED_GATEWAY_CORPUS must be "npm" or "fixed", got "${corpusEnv}"`);
  return {
    dataDir,
    dbFile,
    keysFile: dbFile === ":memory:" ? null : path.join(dataDir, "embedded-gateway-keys.json"),
    host: opts.host ?? "127.0.0.1",
    port: opts.port ?? envInt("GATEWAY_PORT", 4010, 0, 65535),
    apiKey: opts.apiKey ?? (process.env.EMBEDDED_GATEWAY_API_KEY || undefined),
    managementKey: opts.managementKey ?? (process.env.EMBEDDED_GATEWAY_MANAGEMENT_KEY || undefined),
    faults: opts.faults ?? envFlag("EMBEDDED_GATEWAY_FAULTS"),
    strict: opts.strict ?? envFlag("EMBEDDED_GATEWAY_STRICT"),
    rateLimitPerMinute: opts.rateLimitPerMinute ?? envInt("EMBEDDED_GATEWAY_RATE_LIMIT", 1200, 1, 1_000_000),
    demoFiles: opts.demoFiles ?? envInt("EMBEDDED_GATEWAY_DEMO_FILES", 25_000, 0, 5_000_000),
    seed: opts.seed ?? true,
    log: opts.log ?? false,
    maxUploadBytes: opts.maxUploadBytes ?? envInt("EMBEDDED_GATEWAY_MAX_UPLOAD_BYTES", 100 * 1024 * 1024, 1, 2 * 1024 * 1024 * 1024),
    maxParallelUploads: opts.maxParallelUploads ?? envInt("EMBEDDED_GATEWAY_MAX_PARALLEL_UPLOADS", 4, 1, 1000),
    uploadTmpDir: opts.uploadTmpDir,
    corpus: opts.corpus ?? ((corpusEnv as CorpusChoice | undefined) || "npm"),
    projectRoot: opts.projectRoot ?? process.cwd(),
    videoTimeScale: opts.videoTimeScale ?? envNumber("EMBEDDED_GATEWAY_VIDEO_TIME_SCALE", 1, 0, 100),
    answerTimeScale: opts.answerTimeScale ?? envNumber("EMBEDDED_GATEWAY_ANSWER_TIME_SCALE", 1, 0, 100),
    citationFaults: opts.citationFaults !== undefined ? opts.citationFaults : parseCitationFaults(process.env.EMBEDDED_GATEWAY_CITATION_FAULTS),
    videoCreditsUsd: opts.videoCreditsUsd ?? envNumber("EMBEDDED_GATEWAY_VIDEO_CREDITS", 50, 0, 1_000_000),
    videoRateLimitPerMinute: opts.videoRateLimitPerMinute ?? envInt("EMBEDDED_GATEWAY_VIDEO_RATE_LIMIT", 60, 1, 1_000_000),
    videoCacheDir: opts.videoCacheDir,
    headersTimeoutMs: opts.headersTimeoutMs ?? envInt("SERVER_HEADERS_TIMEOUT_MS", 10_000, 100, 600_000),
  };
}
