import type * as Bff from "@/lib/contract/bff/schemas";
import type * as Gateway from "@/lib/contract/gateway";

/**
 * The contract's schemas for parsing answers, loaded with the first answer that needs them rather than with the
 * page: zod and the full contract are a third of a page's first-load JavaScript, and a server-rendered page
 * starts from data the server already parsed. `apiFetch(path, gatewaySchema("FileListResponseSchema"))`.
 */
export function gatewaySchema<K extends keyof typeof Gateway>(name: K): () => Promise<(typeof Gateway)[K]> {
  return () => import("@/lib/contract/gateway").then((contract) => contract[name]);
}

export function bffSchema<K extends keyof typeof Bff>(name: K): () => Promise<(typeof Bff)[K]> {
  return () => import("@/lib/contract/bff/schemas").then((contract) => contract[name]);
}
