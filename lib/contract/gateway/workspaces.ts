import { z } from "zod";
import { countedListSchema } from "./counted-list";

/**
 * A workspace as GET /workspaces lists it (reference ListWorkspacesResponse). Loose, and only the
 * fields a dashboard needs are required, because the real gateway carries many settings
 * (guardrails, logging, default models) that Gatehouse does not show.
 */
export const WorkspaceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
  created_by: z.string().nullable().optional(),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

/** 200 body of GET /workspaces. */
export const WorkspaceListResponseSchema = countedListSchema(WorkspaceSchema);
export type WorkspaceListResponse = z.infer<typeof WorkspaceListResponseSchema>;

/** Query of GET /workspaces (offset/limit like the preset list: limit 1..100, default 50). */
export const WorkspaceListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
