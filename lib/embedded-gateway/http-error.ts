import { errorBody, MESSAGES, zodErrorToBody, type ErrorBody } from "@/lib/contract/gateway";
import type { z } from "zod";

/** One error type for every failure the gateway answers on purpose; anything else becomes a bare 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly metadata?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
    readonly body?: ErrorBody,
  ) {
    super(message);
  }

  toResponse(): Response {
    const body = this.body ?? errorBody(this.status, this.message, this.metadata);
    return Response.json(body, { status: this.status, headers: this.headers });
  }

  static fromZod(error: z.ZodError): HttpError {
    const body = zodErrorToBody(error);
    return new HttpError(400, body.error.message, body.error.metadata ?? undefined, {}, body);
  }

  /** A 400 naming one field, shaped like the schema-driven ones so clients read them alike. */
  static field(path: string, message: string): HttpError {
    const sentence = `${path} ${message}`;
    return new HttpError(400, `${MESSAGES.badRequest}: ${path}: ${sentence}`, { issues: [{ path, message: sentence }] });
  }
}

export const PAYLOAD_TOO_LARGE = "Request payload too large";

/** The record a route looked up, or the contract's plain 404 when there is none. */
export function orNotFound<T>(found: T | null | undefined): T {
  if (!found) throw new HttpError(404, MESSAGES.notFound);
  return found;
}
