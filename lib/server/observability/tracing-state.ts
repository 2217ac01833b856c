import type * as OtelApi from "@opentelemetry/api";

/**
 * Tracing's state when it is on (./tracing.ts starts it): the API, the tracer, whether message contents are
 * captured. Kept on globalThis: the dashboard server (dist/server) starts tracing, and the app Next compiled
 * (.next/server, with its own copy of these modules) makes the spans of the BFF's gateway calls.
 */
type Otel = typeof OtelApi;

export interface TracingState {
  api: Otel;
  tracer: OtelApi.Tracer;
  /** OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true: prompts, answers and search queries go on spans too. */
  captureContent: boolean;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const STATE = Symbol.for("gatehouse.observability.tracing");
type Holder = typeof globalThis & { [STATE]?: TracingState };

export function tracingState(): TracingState | undefined {
  return (globalThis as Holder)[STATE];
}

export function setTracingState(state: TracingState | undefined): void {
  (globalThis as Holder)[STATE] = state;
}

