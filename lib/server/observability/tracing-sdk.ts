import * as api from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
} from "@opentelemetry/sdk-trace";
import type { TracingState } from "./tracing-state";

/**
 * The OpenTelemetry SDK, imported only when tracing is asked for (./tracing.ts). Spans are batched and sent over
 * OTLP/HTTP; the exporter reads the standard settings itself (OTEL_EXPORTER_OTLP_ENDPOINT, ..._TRACES_ENDPOINT,
 * ..._HEADERS, ..._TIMEOUT, ..._COMPRESSION), the resource reads OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES,
 * and the sampler OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (read here: this SDK leaves that to its caller).
 */

const TRACE_IDS = Symbol.for("gatehouse.observability.trace-ids");

function ratio(value: string | undefined): number {
  const n = Number(value ?? "1");
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : 1;
}

/** OTEL_TRACES_SAMPLER as the specification names its values; parentbased_always_on (the default) when unset or unknown. */
function samplerFrom(env: Readonly<Record<string, string | undefined>>): Sampler {
  const arg = env.OTEL_TRACES_SAMPLER_ARG;
  switch ((env.OTEL_TRACES_SAMPLER ?? "").trim().toLowerCase()) {
    case "always_on":
      return new AlwaysOnSampler();
    case "always_off":
      return new AlwaysOffSampler();
    case "traceidratio":
      return new TraceIdRatioBasedSampler(ratio(arg));
    case "parentbased_always_off":
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case "parentbased_traceidratio":
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio(arg)) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

export function createTracing(env: Readonly<Record<string, string | undefined>>): TracingState {
  const contextManager = new AsyncLocalStorageContextManager();
  contextManager.enable();
  api.context.setGlobalContextManager(contextManager);

  const resource = resourceFromAttributes({ "service.name": "gatehouse" }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerFrom(env),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: 1_000 })],
  });
  api.trace.setGlobalTracerProvider(provider);

  // Every log line written inside a span names it (lib/observability/logger.ts).
  (globalThis as Record<symbol, unknown>)[TRACE_IDS] = () => {
    const span = api.trace.getActiveSpan();
    if (!span) return undefined;
    const { traceId, spanId, traceFlags } = span.spanContext();
    return traceFlags & api.TraceFlags.SAMPLED ? { trace_id: traceId, span_id: spanId } : undefined;
  };

  const flush = () => provider.forceFlush();
  // Spans still batched when the process ends are sent first (a requested stop ends with process.exit elsewhere).
  process.once("beforeExit", () => void provider.shutdown().catch(() => {}));
  return {
    api,
    tracer: provider.getTracer("gatehouse"),
    captureContent: (env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT ?? "").trim().toLowerCase() === "true",
    flush,
    shutdown: () => provider.shutdown(),
  };
}
