import { setTracingState, tracingState } from "./tracing-state";

/**
 * OpenTelemetry is on only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). Then ./tracing-sdk.ts is imported, dynamically: unset, no OpenTelemetry
 * module is ever loaded. Called by the dashboard server (server/next-server.ts) before Next starts; only it
 * imports this module, so Next's server bundles never carry the SDK.
 */

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

