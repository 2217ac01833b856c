const UNREACHABLE_NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EPIPE", "EAI_AGAIN"]);

/**
 * Whether `error` means the database cannot be reached right now (so the request gets a 503 and may be
 * retried), as opposed to a bug or a refused statement. PostgreSQL's SQLSTATE class 08 (connection),
 * 57P01-57P03 (shutdown, cannot connect now), 53300 (too many connections), the driver's socket errors,
 * and SQLite's busy/locked after the busy timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (UNREACHABLE_NETWORK_CODES.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code) || code === "53300") return true;
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(error.message);
}
