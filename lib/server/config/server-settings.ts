/**
 * Settings of the dashboard's HTTP server (server/next-server.ts): its public origin and the bounds on
 * connections. Pure (no server-only), because that server runs outside Next's bundles and reads them
 * before Next starts; env.ts includes the same shape, so `serverEnv()` validates them too and one
 * message names every bad setting.
 */
import { z } from "zod";

/**
 * A number setting (for env.ts too): `fallback` when unset or blank; else the number if `accepts` it, or an issue
 * with `message`.
 */
export function numberSetting(fallback: number, accepts: (n: number) => boolean, message: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return fallback;
      const n = Number(value);
      if (!accepts(n)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
}

/** A URL setting (for env.ts too): the value, trimmed, as a URL; else an issue with `message` and undefined. */
export function urlSetting(value: string, ctx: z.RefinementCtx, message: string): URL | undefined {
  try {
    return new URL(value.trim());
  } catch {
    ctx.addIssue({ code: "custom", message });
    return undefined;
  }
}

function intSetting(fallback: number, min: number, max: number) {
  return numberSetting(fallback, (n) => Number.isSafeInteger(n) && n >= min && n <= max, `must be a whole number from ${min} to ${max}`);
}

/** The deployment's public origin, e.g. https://gatehouse.example.com: no path, query or credentials. */
const appOrigin = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === "") return undefined;
    const url = urlSetting(value, ctx, "is not a valid URL (e.g. https://gatehouse.example.com)");
    if (!url) return z.NEVER;
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password || url.search || url.hash || url.pathname !== "/") {
      ctx.addIssue({ code: "custom", message: "must be an origin: http(s)://host[:port], no path (e.g. https://gatehouse.example.com)" });
      return z.NEVER;
    }
    return url.origin;
  });

export const SERVER_SETTINGS_SHAPE = {
  // The name the dashboard is reached by (README "Configuration"); requests naming another host get 421.
  APP_ORIGIN: appOrigin,
  // A client must send a request's headers within this (slowloris); Node's own default is 60 s.
  SERVER_HEADERS_TIMEOUT_MS: intSetting(10_000, 100, 600_000),
  // The whole request, body included: long enough for the largest upload over a slow link.
  SERVER_REQUEST_TIMEOUT_MS: intSetting(300_000, 100, 3_600_000),
  // Idle keep-alive: longer than reverse proxies keep theirs (60 s is common), else a proxy reusing a
  // connection the server is just closing gets a reset (a 502).
  SERVER_KEEP_ALIVE_TIMEOUT_MS: intSetting(65_000, 100, 600_000),
  // Connections one instance holds at once; the next is closed at once.
  SERVER_MAX_CONNECTIONS: intSetting(1_000, 1, 100_000),
  // Connections one client address holds at once, well under SERVER_MAX_CONNECTIONS (the smaller applies), so one
  // client (half-open sockets that never send headers, say) cannot take them all; the next from that address is
  // closed at once. Behind a reverse proxy every connection comes from the proxy's address: raise it to
  // SERVER_MAX_CONNECTIONS there and limit connections per client on the proxy (README "Deploying a team instance").
  SERVER_MAX_CONNECTIONS_PER_CLIENT: intSetting(100, 1, 100_000),
  // Idle keep-alive connections kept at most; past it the longest idle is closed, so idle sockets
  // never fill SERVER_MAX_CONNECTIONS.
  SERVER_MAX_IDLE_CONNECTIONS: intSetting(200, 0, 100_000),
};

const ServerSettingsSchema = z.object(SERVER_SETTINGS_SHAPE).superRefine((settings, ctx) => checkServerSettings(settings, ctx));

export type ServerSettings = z.infer<typeof ServerSettingsSchema>;

/** Relations between the settings; env.ts's schema runs it too. */
export function checkServerSettings(settings: Pick<ServerSettings, "SERVER_HEADERS_TIMEOUT_MS" | "SERVER_REQUEST_TIMEOUT_MS">, ctx: z.RefinementCtx): void {
  if (settings.SERVER_HEADERS_TIMEOUT_MS > settings.SERVER_REQUEST_TIMEOUT_MS) {
    // Node refuses such a server: the headers are part of the request.
    ctx.addIssue({ code: "custom", path: ["SERVER_HEADERS_TIMEOUT_MS"], message: "must not be more than SERVER_REQUEST_TIMEOUT_MS" });
  }
}

/** The server settings from `env`; throws an Error naming every bad one. */
export function parseServerSettings(env: Record<string, string | undefined>): ServerSettings {
  const result = ServerSettingsSchema.safeParse(env);
  if (result.success) return result.data;
  throw new Error(result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`).join("; "));
}
