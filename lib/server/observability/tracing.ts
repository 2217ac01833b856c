import type * as OtelApi from "@opentelemetry/api";
import { setTracingState, tracingState } from "./tracing-state";

/**
 * OpenTelemetry for Gatehouse, on only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). Then ./tracing-sdk.ts is imported (dynamically: unset, no OpenTelemetry
 * module is ever loaded) and leaves its state here; every helper below starts with `tracingState()` and, unset,
 * runs the work as it is: the cost of tracing off is one property read.
 *
 * The state lives on globalThis: the dashboard server (dist/server) starts tracing, and the app Next compiled
 * (.next/server, with its own copy of this module) makes the gateway spans.
 */

export { tracingState } from "./tracing-state";

/** Whether the settings ask for traces: an OTLP endpoint, and the SDK not switched off. */
export function tracingRequested(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? "").trim().toLowerCase() === "true") return false;
  if ((env.OTEL_TRACES_EXPORTER ?? "otlp").trim().toLowerCase() === "none") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/** Starts tracing when the settings ask for it (once per process); true when on. */
export async function startTracing(env: Readonly<Record<string, string | undefined>> = process.env): Promise<boolean> {
  if (tracingState()) return true;
  if (!tracingRequested(env)) return false;
  const { createTracing } = await import("./tracing-sdk");
  setTracingState(createTracing(env));
  return true;
}

/**
 * Runs `fn` inside a span (INTERNAL unless said) that is the parent of whatever `fn` traces: an evaluation item,
 * a video generation. Tracing off: `fn()` and nothing else.
 */
export function inSpan<T>(name: string, attributes: OtelApi.Attributes, fn: () => Promise<T>): Promise<T> {
  const state = tracingState();
  if (!state) return fn();
  const { api, tracer } = state;
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: api.SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * A span that outlives one call (an evaluation run, over all the items this instance executes of it): started now,
 * ended by `end()`; `within(fn)` runs `fn` as its child. Tracing off: `within` is `fn()`.
 */
export interface LongSpan {
  within<T>(fn: () => Promise<T>): Promise<T>;
  end(): void;
}

const NO_SPAN: LongSpan = { within: (fn) => fn(), end: () => {} };

export function startLongSpan(name: string, attributes: OtelApi.Attributes): LongSpan {
  const state = tracingState();
  if (!state) return NO_SPAN;
  const { api, tracer } = state;
  // A root of its own: work in the background belongs to no request.
  const span = tracer.startSpan(name, { attributes, root: true });
  const context = api.trace.setSpan(api.ROOT_CONTEXT, span);
  let ended = false;
  return {
    within: (fn) => api.context.with(context, fn),
    end: () => {
      if (ended) return;
      ended = true;
      span.end();
    },
  };
}
