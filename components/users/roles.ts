import type { Role } from "@/lib/contract/bff/schemas";

/** How the page names and explains each role (issue 4's wording: each role adds to the one before). */
export const ROLE_INFO: Readonly<Record<Role, { label: string; description: string; tone: "neutral" | "brand" | "amber" }>> = {
  viewer: { label: "Viewer", description: "Reads presets, files and video models.", tone: "neutral" },
  editor: { label: "Editor", description: "Also runs the playground, saves presets, uploads and deletes files.", tone: "brand" },
  admin: { label: "Admin", description: "Also manages users.", tone: "amber" },
};

export const SOURCE_LABEL = { credentials: "Password", oidc: "Single sign-on" } as const;
