import { RoleSchema, type Role } from "@/lib/contract/bff/schemas";

export interface RoleRule {
  /** "alice@x.com", "*@x.com" or "*". */
  pattern: string;
  role: Role;
}

/**
 * Parses OIDC_ROLE_MAP: comma-separated `pattern=role` pairs, e.g.
 * "alice@x.com=admin,*@x.com=editor,*=viewer". Throws with a message naming the bad pair.
 */
export function parseRoleMap(text: string): RoleRule[] {
  const rules: RoleRule[] = [];
  for (const raw of text.split(",")) {
    const pair = raw.trim();
    if (pair === "") continue;
    const eq = pair.lastIndexOf("=");
    const pattern = eq > 0 ? pair.slice(0, eq).trim().toLowerCase() : "";
    const role = RoleSchema.safeParse(eq > 0 ? pair.slice(eq + 1).trim() : "");
    if (!pattern || !role.success) {
      throw new Error(`has an invalid entry "${pair}": expected email=role, *@domain=role or *=role with role viewer, editor or admin`);
    }
    if (pattern !== "*" && !/^(\*|[^@\s*]+)@[^@\s*]+$/.test(pattern)) {
      throw new Error(`has an invalid pattern "${pattern}": use an email, *@domain or *`);
    }
    rules.push({ pattern, role: role.data });
  }
  return rules;
}

/** The most specific rule wins: exact email, then *@domain, then *. Null when nothing matches. */
export function roleForEmail(rules: RoleRule[], email: string): Role | null {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf("@") + 1);
  return (
    rules.find((r) => r.pattern === address)?.role ??
    rules.find((r) => r.pattern === `*@${domain}`)?.role ??
    rules.find((r) => r.pattern === "*")?.role ??
    null
  );
}
