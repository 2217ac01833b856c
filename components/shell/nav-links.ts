import type { Role } from "@/lib/contract/bff/schemas";

export const NAV_LINKS: readonly {
  href: string;
  label: string;
  /** Shown instead of the label below the sm breakpoint, so every link fits a 360 px screen (the label stays the name). */
  shortLabel?: string;
  minRole?: Role;
}[] = [
  { href: "/presets", label: "Presets" },
  { href: "/files", label: "Files" },
  { href: "/video-models", label: "Video models", shortLabel: "Video" },
  { href: "/playground", label: "Playground", shortLabel: "Play" },
  { href: "/evaluations", label: "Evaluations", shortLabel: "Evals" },
  { href: "/usage", label: "Usage" },
  // Shown to admins only; the page and the API refuse everyone else anyway.
  { href: "/users", label: "Users", minRole: "admin" },
];
