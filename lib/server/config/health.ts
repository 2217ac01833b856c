import "server-only";
import { appContext } from "./app-context";
import { serverEnv } from "./env";

export interface Health {
  status: "ok" | "unavailable";
  /** Whether the app's database (users, sessions, limits) answers; never where it is. */
  database: "reachable" | "unreachable";
  /** Whether the model gateway answers at all (an embedded one being restarted does not); never where it is. */
  gateway: "reachable" | "unreachable";
}

/** A gateway that has not answered within this is as good as down for a health check. */
const GATEWAY_PROBE_TIMEOUT_MS = 1_000;
/**
 * One probe serves every health check for this long: /api/health needs no session, so without it each
 * anonymous request would become a request to the gateway.
 */
const GATEWAY_PROBE_REUSE_MS = 1_000;

let lastProbe: { url: string; at: number; reachable: Promise<boolean> } | null = null;

/**
 * Whether anything answers HTTP at the gateway's base URL: no key is sent and the answer's body is not read,
 * so any status counts, except those a proxy in front of a gateway that is gone would give.
 */
async function probeGateway(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { cache: "no-store", redirect: "manual", signal: AbortSignal.timeout(GATEWAY_PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.status !== 502 && response.status !== 503 && response.status !== 504;
  } catch {
    return false;
  }
}

function gatewayReachable(): Promise<boolean> {
  let url: string;
  try {
    url = serverEnv().GATEWAY_URL;
  } catch {
    return Promise.resolve(false);
  }
  const now = Date.now();
  if (!lastProbe || lastProbe.url !== url || now - lastProbe.at >= GATEWAY_PROBE_REUSE_MS) {
    lastProbe = { url, at: now, reachable: probeGateway(url) };
  }
  return lastProbe.reachable;
}

async function databaseReachable(): Promise<boolean> {
  try {
    const { db } = await appContext();
    await db.ping(2_000);
    return true;
  } catch {
    return false;
  }
}

/**
 * What GET /api/health answers: a load balancer (or `npm start`'s caller) takes an instance out while its
 * database is away or its gateway does not answer (the embedded one is restarted by the launcher within seconds).
 */
export async function checkHealth(): Promise<Health> {
  const [database, gateway] = await Promise.all([databaseReachable(), gatewayReachable()]);
  return {
    status: database && gateway ? "ok" : "unavailable",
    database: database ? "reachable" : "unreachable",
    gateway: gateway ? "reachable" : "unreachable",
  };
}
