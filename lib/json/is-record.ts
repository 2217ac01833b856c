/** A plain object (not null, not an array), e.g. a JSON object, whose members can be read by name. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
