import { z } from "zod";

/**
 * A stored file (contract 2.3). The real gateway negotiates a shape per request and tags it with
 * `_shape` (openrouter | anthropic | openai); the contract's shape is the openrouter/anthropic one.
 * Loose so `_shape` and fields added later survive a round trip through the BFF.
 */
export const FileSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  filename: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int().min(0),
  downloadable: z.boolean(),
  created_at: z.string(),
  _shape: z.string().optional(),
});
export type GatewayFile = z.infer<typeof FileSchema>;

/** 200 body of GET /files. `cursor` is opaque and null on the last page. */
export const FileListResponseSchema = z.looseObject({
  data: z.array(FileSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
  cursor: z.string().nullable(),
  _shape: z.string().optional(),
});
export type FileListResponse = z.infer<typeof FileListResponseSchema>;

export const FILE_LIST_MAX_LIMIT = 1000;

/** Query of GET /files; values arrive as strings. Default page size is the gateway's choice. */
export const FileListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(FILE_LIST_MAX_LIMIT).optional(),
  cursor: z.string().min(1).optional(),
  workspace_id: z.uuid().optional(),
  /** The real gateway's OpenRouter storage lists oldest first and supports only `asc`. */
  order: z.enum(["asc", "desc"]).optional(),
});
export type FileListQuery = z.infer<typeof FileListQuerySchema>;
export type FileListQueryInput = z.input<typeof FileListQuerySchema>;

/**
 * 200 body of GET /files/{file_id}. The reference returns the file itself, not a {data} envelope,
 * so there is deliberately no FileEnvelopeSchema.
 * @alias of FileSchema, named after its endpoint (for knip, which reports duplicate exports).
 */
export const FileGetResponseSchema = FileSchema;

/** 200 body of DELETE /files/{file_id}: {"id": "...", "type": "file_deleted"} (+ `_shape`). */
export const FileDeleteResponseSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  _shape: z.string().optional(),
});
export type FileDeleteResponse = z.infer<typeof FileDeleteResponseSchema>;
