import "server-only";
import { appContext } from "./app-context";

export interface Health {
  status: "ok" | "unavailable";
  /** Whether the app's database (users, sessions, limits) answers; never where it is. */
  database: "reachable" | "unreachable";
}

/** What GET /api/health answers: a load balancer takes an instance out while its database is away. */
export async function checkHealth(): Promise<Health> {
  try {
    const { db } = await appContext();
    await db.ping(2_000);
    return { status: "ok", database: "reachable" };
  } catch {
    return { status: "unavailable", database: "unreachable" };
  }
}
