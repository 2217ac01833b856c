// Vitest runs server modules outside Next's server bundle, where the real "server-only" marker would throw.
export {};
