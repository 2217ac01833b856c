import "server-only";
import { appContext } from "./app-context";
import { serverEnv } from "./env";
import type { EvaluationRunner } from "../evaluations/runner";

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

/** The parts an instance needs before a load balancer or an orchestrator sends it traffic. */
type ReadinessPart = "database" | "gateway" | "runner";

export interface Readiness {
  status: "ready" | "not_ready";
  database: Health["database"];
  gateway: Health["gateway"];
  /** This instance's evaluation runner (lib/server/evaluations/runner.ts): started at startup, its poll loop going round. */
  runner: "running" | "stopped" | "stalled";
  /** The parts that are not ready, by name: what a probe's log shows. Never where they are. */
  not_ready: ReadinessPart[];
}

/**
 * What GET /api/health/ready answers (docs/deploy.md): /api/health plus the evaluation runner, each part by
 * name. As cheap as /api/health: one database ping, the shared gateway probe (at most one a second), and the
 * runner's own state in memory. No session, no rate limit: probes come every few seconds from the orchestrator.
 * `runner` is this instance's (services/evaluations.ts, evaluationRunner()), null before startup started it.
 */
export async function checkReadiness(runner: Pick<EvaluationRunner, "state"> | null): Promise<Readiness> {
  const health = await checkHealth();
  const runnerState = runner?.state() ?? "stopped";
  const notReady: ReadinessPart[] = [];
  if (health.database !== "reachable") notReady.push("database");
  if (health.gateway !== "reachable") notReady.push("gateway");
  if (runnerState !== "running") notReady.push("runner");
  return { status: notReady.length === 0 ? "ready" : "not_ready", database: health.database, gateway: health.gateway, runner: runnerState, not_ready: notReady };
}
