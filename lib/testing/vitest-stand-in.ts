// What lib/testing/component-bff-loader.ts gives modules that import "vitest" outside the runner.
export function inject(): never {
  throw new Error("not under Vitest: the component tests' BFF uses SQLite only");
}
