import type * as OtelApi from "@opentelemetry/api";
import { tracingState } from "./tracing-state";

/**
 * The spans the BFF makes around its own work (evaluation runs and items, video generations). Tracing is started
 * by the dashboard server (./start-tracing.ts) when an OTLP endpoint is configured; every helper here starts with
 * `tracingState()` and, unset, runs the work as it is: the cost of tracing off is one property read, and no
 * OpenTelemetry module is loaded (types only here).
 */

export { tracingState } from "./tracing-state";

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
