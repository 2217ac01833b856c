import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { ApiError, apiRequest } from "./api-client";
import { errorIdOf } from "./error-id";

describe("errorIdOf", () => {
  it("gives the BFF's error_id of an unexpected 500", () => {
    expect(errorIdOf(new ApiError(500, "Something went wrong", { error_id: "6f1c2d3e-aaaa-bbbb-cccc-0123456789ab" }))).toBe(
      "6f1c2d3e-aaaa-bbbb-cccc-0123456789ab",
    );
  });

  it("gives Next's digest of a server render that threw", () => {
    expect(errorIdOf(Object.assign(new Error("hidden"), { digest: "2041378345" }))).toBe("2041378345");
  });

  it("prefers the BFF's id when an error carries both", () => {
    expect(errorIdOf(Object.assign(new ApiError(500, "x", { error_id: "bff-id" }), { digest: "next-digest" }))).toBe("bff-id");
  });

  it("is null when there is no id, or it is not a non-empty string", () => {
    expect(errorIdOf(new Error("a bug in the browser"))).toBeNull();
    expect(errorIdOf(new ApiError(404, "Not found", { error_id: 42 }))).toBeNull();
    expect(errorIdOf(Object.assign(new Error("x"), { digest: "" }))).toBeNull();
    expect(errorIdOf(null)).toBeNull();
    expect(errorIdOf("a string")).toBeNull();
  });

  it("gives the request id of any failed answer (its X-Request-Id), and a server-side failure's message names it", async () => {
    const server = createServer((request, response) => {
      const status = request.url === "/refused" ? 409 : 502;
      response.writeHead(status, { "content-type": "application/json", "x-request-id": `req-${status}-0123456789` });
      response.end(JSON.stringify({ error: { code: status, message: status === 409 ? "Version 3 is not the latest" : "Cannot reach the model gateway" } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const failed = (await apiRequest(`${base}/failed`).catch((error: unknown) => error)) as ApiError;
      expect(errorIdOf(failed)).toBe("req-502-0123456789");
      expect(failed.message).toBe("Cannot reach the model gateway (error id req-502-0123456789: quote it to your administrator)");
      const refused = (await apiRequest(`${base}/refused`).catch((error: unknown) => error)) as ApiError;
      expect(errorIdOf(refused)).toBe("req-409-0123456789");
      expect(refused.message).toBe("Version 3 is not the latest");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
