import { createAdaptorServer } from "@hono/node-server";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createGatewayApp, BASE_PATH } from "./app";
import { resolveConfig, type EmbeddedGatewayOptions } from "./config";
import type { GatewayContext } from "./context";
import { openDatabase, type Db } from "./db";
import { FaultInjector } from "./faults";
import { FilesStore } from "./files-store";
import { resolveKeys } from "./keys";
import { PresetsStore } from "./presets-store";
import { RateLimiter } from "./rate-limit";
import { newStreamCounters } from "./responder/sse";
import { createSearchIndexLoader } from "./search/corpus";
import { seedDemoData, syncVideoModels } from "./seed";
import { UploadSlots } from "./upload-slots";
import { prepareUploadTmpDir } from "./upload-tmp";
import { VideoJobsStore } from "./video/jobs-store";
import { prepareClipCache, VideoRenderer } from "./video/renderer";
import { WorkspacesStore } from "./workspaces-store";
import { GenerationsStore } from "./generations-store";
import { loggerFor } from "@/lib/observability/logger";

const log = loggerFor("gateway");

/*
 * This is a standalone Node server (run by `npm run gateway` and by server/start.ts in its own
 * process), never part of the Next bundle, so it does not import "server-only" (which throws
 * outside a React server build). Nothing under app/ or components/ may import it.
 */

export type { EmbeddedGatewayOptions };

export interface EmbeddedGateway {
  baseUrl: string;
  port: number;
  apiKey: string;
  managementKey: string;
  close(): Promise<void>;
}

function cursorSecret(db: Db): Buffer {
  const existing = db.prepare("SELECT value FROM meta WHERE key = 'cursor_secret'").pluck().get() as string | undefined;
  if (existing) return Buffer.from(existing, "hex");
  const secret = randomBytes(32);
  db.prepare("INSERT INTO meta (key, value) VALUES ('cursor_secret', ?)").run(secret.toString("hex"));
  return secret;
}

/** Opens (or creates and seeds) the database and builds the context; no network yet. */
export function createGatewayContext(opts: EmbeddedGatewayOptions = {}) {
  const config = resolveConfig(opts);
  const db = openDatabase(config.dbFile);
  try {
    const workspaces = new WorkspacesStore(db);
    const defaultWorkspaceId = workspaces.ensureDefaults();
    const keys = resolveKeys(db, {
      apiKey: config.apiKey,
      managementKey: config.managementKey,
      keysFile: config.keysFile,
      defaultWorkspaceId,
    });
    syncVideoModels(db);
    if (config.seed) {
      seedDemoData(db, {
        defaultWorkspaceId,
        secondWorkspaceId: workspaces.bySlug("research")!.id,
        demoFiles: config.demoFiles,
      });
    }
    const uploadTmp = prepareUploadTmpDir({ dataDir: config.dataDir, inMemory: config.dbFile === ":memory:", explicit: config.uploadTmpDir });
    const videoJobs = new VideoJobsStore(db);
    const clipCache = prepareClipCache({ dataDir: config.dataDir, inMemory: config.dbFile === ":memory:", explicit: config.videoCacheDir });
    const videoModelNames = new Map(
      (db.prepare("SELECT id, json_extract(body, '$.name') AS name FROM video_models").all() as { id: string; name: string }[]).map((row) => [row.id, row.name]),
    );
    const ctx: GatewayContext = {
      db,
      presets: new PresetsStore(db),
      generations: new GenerationsStore(db),
      files: new FilesStore(db),
      workspaces,
      cursorSecret: cursorSecret(db),
      limits: { maxJsonBytes: 4 * 1024 * 1024, maxUploadBytes: config.maxUploadBytes, defaultFilesPageSize: 100 },
      uploads: { slots: new UploadSlots(config.maxParallelUploads), tmpDir: uploadTmp.dir },
      rateLimiter: new RateLimiter(config.rateLimitPerMinute),
      faults: config.faults ? new FaultInjector() : null,
      strict: config.strict,
      streams: newStreamCounters(),
      search: createSearchIndexLoader(config.corpus, config.projectRoot),
      answerTimeScale: config.answerTimeScale,
      citationFaults: config.citationFaults,
      videos: {
        jobs: videoJobs,
        renderer: new VideoRenderer(videoJobs, clipCache, (id) => videoModelNames.get(id) ?? id),
        rateLimiter: new RateLimiter(config.videoRateLimitPerMinute),
        timeScale: config.videoTimeScale,
        creditsUsd: config.videoCreditsUsd,
      },
    };
    return { config, ctx, keys, disposeUploadTmp: uploadTmp.dispose };
  } catch (error) {
    db.close();
    throw error;
  }
}

export async function startEmbeddedGateway(opts: EmbeddedGatewayOptions = {}): Promise<EmbeddedGateway> {
  const { config, ctx, keys, disposeUploadTmp } = createGatewayContext(opts);
  const app = createGatewayApp(ctx);
  // overrideGlobalObjects: false keeps the host process's global Request/Response untouched
  // (server/start.ts and test runners share this process).
  // Headers within headersTimeoutMs (slowloris; Node's own default is 60 s), checked often enough that the
  // bound holds (Node looks every 30 s by default). The whole request keeps Node's 300 s: uploads are large.
  const server = createAdaptorServer({
    fetch: app.fetch,
    hostname: config.host,
    overrideGlobalObjects: false,
    serverOptions: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: Math.max(300_000, config.headersTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(config.headersTimeoutMs / 4))),
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await ctx.videos.renderer.close();
    ctx.db.close();
    disposeUploadTmp();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  // Jobs submitted before a restart whose clips were not made yet: their timelines go on from the stored times.
  ctx.videos.renderer.resume();
  const hostForUrl = config.host.includes(":") ? `[${config.host}]` : config.host;
  const baseUrl = `http://${hostForUrl}:${port}${BASE_PATH}`;

  // Warm the search index in the background so the first web search does not pay for it.
  const warm = setTimeout(() => {
    try {
      ctx.search();
    } catch (error) {
      log.error({ err: error }, "building the search index failed");
    }
  }, 50);
  warm.unref();

  if (config.log) {
    log.info({ url: baseUrl }, `embedded gateway listening on ${baseUrl}`);
    // Keys never go to a log: say where they are kept instead.
    const where = (given: boolean) => (given ? "as given in the environment" : `in ${config.keysFile ?? "memory only"}`);
    log.info({ api_key_kept: where(Boolean(config.apiKey)), management_key_kept: where(Boolean(config.managementKey)), data: config.dbFile, faults: Boolean(config.faults) }, "embedded gateway settings");
  }

  let closing: Promise<void> | null = null;
  return {
    baseUrl,
    port,
    apiKey: keys.apiKey,
    managementKey: keys.managementKey,
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearTimeout(warm);
        server.close(() => {
          // The renderer stops (a clip half made is dropped and made again on the next start) before the database closes.
          void ctx.videos.renderer.close().finally(() => {
            ctx.db.close();
            disposeUploadTmp();
            resolve();
          });
        });
        // Open event streams would keep close() waiting forever.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      return closing;
    },
  };
}
