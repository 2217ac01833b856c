import "server-only";
import { HttpError } from "../errors";
import { defineRoute } from "../route";

export const notFoundRoute = defineRoute<{ path: string[] }>({ role: "viewer" }, async ({ request }) => {
  throw new HttpError(404, `No API route ${request.method} ${new URL(request.url).pathname}`);
});
