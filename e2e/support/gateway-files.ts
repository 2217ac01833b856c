import { gatewayHeaders, GATEWAY } from "../fixtures";

/** The embedded gateway's files and workspaces, read directly with its keys: what the file browser must show. */

export interface WireFile {
  id: string;
  filename: string;
  mime_type: string;
}

export async function gatewayJson<T>(pathAndQuery: string, init: RequestInit = {}, key: "api" | "management" = "api"): Promise<T> {
  const response = await fetch(`${GATEWAY.baseUrl}${pathAndQuery}`, {
    ...init,
    headers: { ...gatewayHeaders(key), "Content-Type": "application/json", ...(init.headers as Record<string, string> | undefined) },
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${pathAndQuery} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every file of a workspace, in the gateway's order. */
export async function gatewayFiles(workspaceId?: string): Promise<WireFile[]> {
  const files: WireFile[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const params = new URLSearchParams({ limit: "1000" });
    if (cursor) params.set("cursor", cursor);
    if (workspaceId) params.set("workspace_id", workspaceId);
    const page: { data: WireFile[]; has_more: boolean; cursor: string | null } = await gatewayJson(`/files?${params}`);
    files.push(...page.data);
    if (!page.has_more || !page.cursor) return files;
    cursor = page.cursor;
  }
  throw new Error("the gateway's file list did not end");
}

export async function researchWorkspaceId(): Promise<string> {
  const list = await gatewayJson<{ data: { id: string; slug: string }[] }>("/workspaces", {}, "management");
  const research = list.data.find((w) => w.slug === "research");
  if (!research) throw new Error("the embedded gateway has no research workspace");
  return research.id;
}

