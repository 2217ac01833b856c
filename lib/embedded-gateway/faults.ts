import { randomUUID } from "node:crypto";
import { STAR, wildcardMatch, type WildcardToken } from "./wildcard";

/** A test-only instruction: the next `remaining` requests matching path (and method) misbehave. */
export interface FaultRule {
  id: string;
  path: string;
  method: string | null;
  remaining: number;
  status: 429 | 500 | 503 | null;
  latency_ms: number;
  cut_stream_after_events: number | null;
  /** POST /responses: the answer is cut after this many text deltas (mid-answer, whatever came before). */
  cut_stream_after_deltas: number | null;
  retry_after_seconds: number;
  /** Set: not a fault of the request itself; the video job it submits fails with this error at its end. */
  fail_video_job: string | null;
  /** With fail_video_job: only submissions for this model count (null: any model). */
  model: string | null;
  /**
   * POST /responses (streamed): the answer fails with `error` and `response.failed` events whose message holds the
   * request's Authorization value, as a careless gateway or provider might send it (the BFF must redact it).
   */
  echo_authorization_in_error: boolean;
}

/** Body of POST /__faults. */
export interface FaultRuleInput {
  path: string;
  count: number;
  method?: string;
  status?: 429 | 500 | 503;
  latency_ms?: number;
  cut_stream_after_events?: number;
  cut_stream_after_deltas?: number;
  retry_after_seconds?: number;
  fail_video_job?: string;
  model?: string;
  echo_authorization_in_error?: boolean;
}

export interface FaultHit {
  status: 429 | 500 | 503 | null;
  latencyMs: number;
  cutStreamAfterEvents: number | null;
  cutStreamAfterDeltas: number | null;
  retryAfterSeconds: number;
  echoAuthorization: boolean;
}

/**
 * Path patterns are relative to the base path ("/files", "/presets/*\/chat/completions"); "*"
 * stands for one path segment and "**" for any rest. The first matching rule with requests left
 * is consumed, so rules queue up in the order they were added.
 */
export class FaultInjector {
  private rules: FaultRule[] = [];

  add(input: FaultRuleInput): FaultRule {
    const rule: FaultRule = {
      id: randomUUID(),
      path: normalisePath(input.path),
      method: input.method ? input.method.toUpperCase() : null,
      remaining: input.count,
      status: input.status ?? null,
      latency_ms: input.latency_ms ?? 0,
      cut_stream_after_events: input.cut_stream_after_events ?? null,
      cut_stream_after_deltas: input.cut_stream_after_deltas ?? null,
      retry_after_seconds: input.retry_after_seconds ?? 1,
      fail_video_job: input.fail_video_job ?? null,
      model: input.model ?? null,
      echo_authorization_in_error: input.echo_authorization_in_error ?? false,
    };
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  clear(): void {
    this.rules = [];
  }

  take(method: string, path: string): FaultHit | null {
    const rule = this.rules.find((r) => r.fail_video_job === null && r.remaining > 0 && (!r.method || r.method === method) && pathMatches(r.path, path));
    if (!rule) return null;
    this.consume(rule);
    return {
      status: rule.status,
      latencyMs: rule.latency_ms,
      cutStreamAfterEvents: rule.cut_stream_after_events,
      cutStreamAfterDeltas: rule.cut_stream_after_deltas,
      retryAfterSeconds: rule.retry_after_seconds,
      echoAuthorization: rule.echo_authorization_in_error,
    };
  }

  /**
   * For POST /videos once the body is read: the error message the submitted job is to fail with, when
   * a fail_video_job rule matches the path and (if it names one) the model; the job itself is accepted.
   */
  takeVideoFailure(path: string, model: string): string | null {
    const rule = this.rules.find(
      (r) => r.fail_video_job !== null && r.remaining > 0 && (!r.method || r.method === "POST") && (r.model === null || r.model === model) && pathMatches(r.path, path),
    );
    if (!rule) return null;
    this.consume(rule);
    return rule.fail_video_job;
  }

  private consume(rule: FaultRule): void {
    rule.remaining -= 1;
    if (rule.remaining === 0) this.rules = this.rules.filter((r) => r !== rule);
  }
}

function normalisePath(path: string): string {
  let p = path.trim();
  const base = p.indexOf("/api/v1/");
  if (base >= 0) p = p.slice(base + "/api/v1".length);
  if (!p.startsWith("/")) p = `/${p}`;
  // A loop, not /\/+$/: that regex is quadratic on a path of many slashes.
  let end = p.length;
  while (end > 1 && p[end - 1] === "/") end--;
  return p.slice(0, end);
}

type SegmentToken = { literal: string } | "segment" | "any";

/**
 * Matches segment by segment instead of compiling the rule into a regex: the pattern is request
 * input (POST /__faults), and "/**\/**\/…" compiled to ".*\/.*\/…" backtracks polynomially
 * in the path's length on every later request. "*" is one non-empty segment, "**" one or more
 * segments (empty ones included, as ".*" allowed), anything else a literal segment.
 */
export function pathMatches(pattern: string, path: string): boolean {
  const tokens: WildcardToken<SegmentToken>[] = [];
  for (const segment of normalisePath(pattern).split("/")) {
    if (segment === "**") tokens.push("any", STAR);
    else tokens.push(segment === "*" ? "segment" : { literal: segment });
  }
  return wildcardMatch(tokens, normalisePath(path).split("/"), (token, segment) =>
    token === "any" ? true : token === "segment" ? segment !== "" : token.literal === segment,
  );
}
