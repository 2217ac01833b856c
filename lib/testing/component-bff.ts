import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { Role } from "@/lib/contract/bff/schemas";

/**
 * The real BFF for component tests: app/api's route handlers on a free port, backed by a real embedded
 * gateway and a fresh app database, in a child process (see component-bff-main.ts for why). The test's
 * window is pointed at it (`openPage`), so the components' relative fetches to /api/* reach it as they
 * reach the app in a browser; requests carry the session of the role set with `signInAs`.
 */
export interface ComponentBff {
  baseUrl: string;
  userIds: Record<Role, string>;
  /** Whose session the following requests carry (null: none). */
  signInAs(role: Role | null): Promise<void>;
  /** Makes the test window's address a page of this BFF's origin, so relative /api fetches reach it. */
  openPage(pathname: string): void;
  /** The /api requests served so far, in order. */
  requests(): Promise<{ method: string; path: string; status: number }[]>;
  close(): Promise<void>;
}

const root = path.resolve(__dirname, "../..");

export async function startComponentBff(): Promise<ComponentBff> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "component-bff-loader.ts")], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const ready = await new Promise<{ baseUrl: string; userIds: Record<Role, string> }>((resolve, reject) => {
    let buffered = "";
    child.once("exit", (code) => reject(new Error(`the component tests' BFF exited with ${code} before it was ready`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split("\n")[0];
      if (buffered.includes("\n")) resolve(JSON.parse(line) as { baseUrl: string; userIds: Record<Role, string> });
    });
  });
  // Node's own fetch, not the test window's: these are the test's calls, not the page's.
  const control = (pathname: string, init?: RequestInit) => nodeFetch(`${ready.baseUrl}${pathname}`, init);
  return {
    ...ready,
    async signInAs(role) {
      await control("/__test/role", { method: "POST", body: JSON.stringify({ role }) });
    },
    openPage(pathname) {
      (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${ready.baseUrl}${pathname}`);
    },
    async requests() {
      return JSON.parse(await control("/__test/requests")) as { method: string; path: string; status: number }[];
    },
    async close() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.stdin!.end();
      await exited;
    },
  };
}

/** A small HTTP client on node:http: the test window's fetch follows the page's rules (CORS, cookies). */
function nodeFetch(url: string, init: RequestInit = {}): Promise<string> {
  const http = process.getBuiltinModule("node:http");
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET" }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve(text));
    });
    request.on("error", reject);
    request.end(typeof init.body === "string" ? init.body : undefined);
  });
}
