export const NAV_LINKS = [
  { href: "/presets", label: "Presets" },
  { href: "/files", label: "Files" },
  { href: "/video-models", label: "Video models" },
  { href: "/playground", label: "Playground" },
] as const;
