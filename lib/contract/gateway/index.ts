/**
 * The gateway wire contract: one source of truth for the embedded gateway, the BFF, the forms
 * and the stream reader. Pure (no I/O), safe to import on the client.
 */
export * from "./errors";
export * from "./presets";
export * from "./files";
export * from "./video-models";
export * from "./videos";
export * from "./chat-request";
export * from "./responses";
export * from "./workspaces";
export * from "./models";
export { tolerantByType, readListSkipping, ListReadMetadataSchema, type ListReadMetadata } from "./tolerant";
export * from "./accounting";
