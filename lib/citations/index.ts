export * from "./offsets";
export * from "./spans";
export * from "./segments";
export * from "./blocks";
export * from "./sources";
export * from "./url";
export * from "./document";
