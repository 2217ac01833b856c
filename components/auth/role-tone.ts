export const ROLE_TONE = { viewer: "neutral", editor: "brand", admin: "amber" } as const;
