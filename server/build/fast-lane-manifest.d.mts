export declare const MANIFEST: string;
export declare function fastLaneRoutes(root: string): { method: string; pathname: string; file: string }[];
export declare function renderFastLaneManifest(root: string): string;
export declare function writeFastLaneManifest(root: string): boolean;
