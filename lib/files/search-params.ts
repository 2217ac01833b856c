import { createLoader, parseAsString } from "nuqs/server";

/**
 * The file browser's URL state, shared by the server page (to prefetch the right workspace's first page) and the
 * client island (lib/client/hooks/use-url-param.ts, by the same names). No workspace_id means the gateway's default workspace for our key.
 */
const fileSearchParams = {
  workspace_id: parseAsString,
  q: parseAsString.withDefault(""),
};

export const loadFileSearchParams = createLoader(fileSearchParams);
