/**
 * A DATABASE_URL as it may be shown in logs and errors: host, port and database name, never the user
 * name, password or query parameters (which may carry credentials too).
 */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || "local socket"}${parsed.port ? `:${parsed.port}` : ""}${parsed.pathname || "/"}`;
  } catch {
    return "an unparsable URL";
  }
}
