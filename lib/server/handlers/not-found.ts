import "server-only";
import { HttpError } from "../http/errors";
import { defineRoute } from "../http/route";

export const notFoundRoute = defineRoute<{ path: string[] }>({ role: "viewer" }, async ({ request }) => {
  throw new HttpError(404, `No API route ${request.method} ${new URL(request.url).pathname}`);
});
