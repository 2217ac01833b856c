import { expect, request as playwrightRequest, test as base, type APIRequestContext } from "@playwright/test";
import { EvaluationRunsPage } from "./pages/evaluation-runs";
import { FilesPage } from "./pages/files";
import { PlaygroundPage } from "./pages/playground";
import { PresetEditorPage, PresetsListPage } from "./pages/presets";
import { SignInPage } from "./pages/sign-in";
import { UsersPage } from "./pages/users";
import { VideoGenerationPage } from "./pages/video-generation";
import { VideoModelsPage } from "./pages/video-models";
import { Axe } from "./support/axe";

/**
 * Shared Playwright fixtures. Signing in goes through Auth.js's own credentials endpoint (CSRF
 * token, then the callback), once per role per worker; tests then start from that role's cookies.
 *
 *   test.use({ role: "editor" });                 // every page in the file starts signed in
 *   await loginAs("viewer");                      // switch the current context's user mid-test
 *   const api = await apiAs("admin");             // same-origin API calls (Origin header set)
 *
 * Each page the suite drives has a page object (e2e/pages/) on the test's `page`, e.g. `filesPage`;
 * for a second page, construct one: `new PresetEditorPage(other)`. `axe` is the accessibility check.
 */

export type Role = "viewer" | "editor" | "admin";

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? "gatehouse-e2e";
export const DEMO_USERS: Readonly<Record<Role, string>> = {
  viewer: "viewer@demo.local",
  editor: "editor@demo.local",
  admin: "admin@demo.local",
};

/** The embedded gateway behind the app under test, for direct calls (seeding, faults, debug routes). */
export const GATEWAY = {
  baseUrl: process.env.E2E_GATEWAY_URL!,
  apiKey: process.env.EMBEDDED_GATEWAY_API_KEY ?? "e2e-api-key",
  managementKey: process.env.EMBEDDED_GATEWAY_MANAGEMENT_KEY ?? "e2e-management-key",
} as const;

export type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** Signs `email` in through Auth.js and returns the resulting cookies. */
export async function signInState(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<StorageState> {
  // Inside a test that signs in with test.use({ role }), new request contexts inherit that role's cookies;
  // start from none, or a failed sign-in would look like a success.
  const context = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const csrf = await context.get("/api/auth/csrf");
    expect(csrf.ok(), `GET /api/auth/csrf answered ${csrf.status()}`).toBeTruthy();
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const callback = await context.post("/api/auth/callback/credentials", {
      form: { csrfToken, email, password, callbackUrl: "/presets" },
      maxRedirects: 0,
    });
    const state = await context.storageState();
    if (!state.cookies.some((c) => c.name.endsWith("authjs.session-token"))) {
      throw new Error(`Signing in as ${email} failed (status ${callback.status()}, location ${callback.headers().location ?? "-"})`);
    }
    return state;
  } finally {
    await context.dispose();
  }
}

interface WorkerFixtures {
  /** Cookies of each demo role, signed in once per worker. */
  sessionStates: (role: Role) => Promise<StorageState>;
}

interface TestFixtures {
  /** When set (test.use({ role })), every page of the test starts signed in as that role. */
  role: Role | undefined;
  /** Signs the current browser context in as `role` (replacing any previous session). */
  loginAs: (role: Role) => Promise<void>;
  /** An API client signed in as `role` (or anonymous with null) that sends this site's Origin. */
  apiAs: (role: Role | null) => Promise<APIRequestContext>;
  /** No serious or critical axe violation: `await axe.expectNoSeriousViolations(page, "dark")`. */
  axe: Axe;
  signInPage: SignInPage;
  presetsList: PresetsListPage;
  presetEditor: PresetEditorPage;
  filesPage: FilesPage;
  videoModels: VideoModelsPage;
  videoGeneration: VideoGenerationPage;
  playground: PlaygroundPage;
  usersPage: UsersPage;
  evaluationRuns: EvaluationRunsPage;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sessionStates: [
    async ({}, provide, workerInfo) => {
      const baseURL = (workerInfo.project.use.baseURL as string | undefined) ?? process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_APP_PORT}`;
      const cache = new Map<Role, Promise<StorageState>>();
      await provide((role) => {
        let state = cache.get(role);
        if (!state) {
          state = signInState(baseURL, DEMO_USERS[role]);
          cache.set(role, state);
          state.catch(() => cache.delete(role));
        }
        return state;
      });
    },
    { scope: "worker" },
  ],

  role: [undefined, { option: true }],

  storageState: async ({ role, sessionStates, storageState }, provide) => {
    await provide(role ? await sessionStates(role) : storageState);
  },

  loginAs: async ({ context, sessionStates }, provide) => {
    await provide(async (role) => {
      const state = await sessionStates(role);
      await context.clearCookies();
      await context.addCookies(state.cookies);
    });
  },

  apiAs: async ({ baseURL, sessionStates }, provide) => {
    const contexts: APIRequestContext[] = [];
    const origin = new URL(baseURL ?? `http://localhost:${process.env.E2E_APP_PORT}`).origin;
    await provide(async (role) => {
      const context = await playwrightRequest.newContext({
        baseURL: origin,
        storageState: role ? await sessionStates(role) : undefined,
        extraHTTPHeaders: { Origin: origin },
      });
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((c) => c.dispose()));
  },

  axe: async ({}, provide) => provide(new Axe()),
  signInPage: async ({ page }, provide) => provide(new SignInPage(page)),
  presetsList: async ({ page }, provide) => provide(new PresetsListPage(page)),
  presetEditor: async ({ page }, provide) => provide(new PresetEditorPage(page)),
  filesPage: async ({ page }, provide) => provide(new FilesPage(page)),
  videoModels: async ({ page }, provide) => provide(new VideoModelsPage(page)),
  videoGeneration: async ({ page }, provide) => provide(new VideoGenerationPage(page)),
  playground: async ({ page }, provide) => provide(new PlaygroundPage(page)),
  usersPage: async ({ page }, provide) => provide(new UsersPage(page)),
  evaluationRuns: async ({ page }, provide) => provide(new EvaluationRunsPage(page)),
});

export { expect };

/** Headers for calling the embedded gateway directly. */
export function gatewayHeaders(key: "api" | "management" = "api"): Record<string, string> {
  return { Authorization: `Bearer ${key === "api" ? GATEWAY.apiKey : GATEWAY.managementKey}` };
}
