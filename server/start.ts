/**
 * `npm start`: one command that gives a working dashboard with no configuration.
 *
 * With GATEWAY_URL unset it runs the embedded gateway (server/embedded-gateway.ts) as a child process and
 * hands its URL and keys to the Next.js server, a second child (server/next-server.ts), through the
 * environment (server-side only; nothing here reaches the browser). The gateway runs outside the Next process
 * so that generating streamed answers never competes with the BFF's relay for one JavaScript thread.
 * This process only supervises the two (server/launcher/supervisor.ts): a gateway that dies is started again on
 * the same port with the same keys, a dashboard server that dies stops everything, and no child outlives it.
 *
 * `npm start` runs it compiled (server/launch.mjs compiles server/ first when needed) and its children compiled
 * too, with plain node; `npm run dev` runs it and them from source under tsx (server/entry-point.ts).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { embeddedGatewayCommand } from "./launcher/embedded-gateway-command";
import { runInForeground } from "./launcher/foreground-command";
import { loadSettingsFile } from "./launcher/settings-file";
import { exitWithSupervisor, startSupervisor, type ChildCommand } from "./launcher/supervisor";
import { makePrivateDir } from "@/lib/sqlite/private-files";
import { entryPointArgs, projectRoot } from "./entry-point";
import { loggerFor, setLogService } from "@/lib/observability/logger";

setLogService("launcher");
const log = loggerFor("launcher");

const root = projectRoot();
const dev = process.argv.includes("--dev");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

function fail(message: string): never {
  log.fatal(message);
  process.exit(1);
}

/** A secret generated once and kept in the data folder, readable only by this user. */
function persistentSecret(file: string): string {
  if (existsSync(file)) {
    const value = readFileSync(file, "utf8").trim();
    if (value) return value;
  }
  const value = randomBytes(32).toString("base64url");
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

function newestSourceMtime(dirs: string[]): number {
  let newest = 0;
  const visit = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (!entry.name.includes(".test.")) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  dirs.forEach((dir) => visit(path.join(root, dir)));
  for (const file of ["package-lock.json", "next.config.mjs", "postcss.config.mjs", "proxy.ts", "auth.ts", "instrumentation.ts"]) {
    const full = path.join(root, file);
    if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds when there is no production build, or when the sources changed after it (a `git pull`, say). */
async function ensureBuild(env: NodeJS.ProcessEnv) {
  const buildId = path.join(root, env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  const stale = !existsSync(buildId) || statSync(buildId).mtimeMs < newestSourceMtime(["app", "components", "lib", "public", "server/fast-lane"]);
  if (!stale) return;
  log.info("building the app (first start or sources changed)…");
  if ((await runInForeground(process.execPath, [nextBin, "build"], { cwd: root, env })) !== 0) fail("the build failed; see above.");
}

function parsePort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`${name} must be a port number (0-65535), got "${raw}".`);
  return port;
}

async function main() {
  const settingsFile = loadSettingsFile(root);
  if (settingsFile) log.info(`settings from ${path.relative(root, settingsFile)} (the environment wins over it)`);
  const dataDir = path.resolve(root, process.env.DATA_DIR || ".data");
  makePrivateDir(dataDir);
  const appPort = parsePort("PORT", 3000);

  // A team deployment (README "Deploying a team instance"): instances sharing one database must share
  // the gateway and the session secret, so neither may be made up here per instance.
  if (process.env.DATABASE_URL?.trim()) {
    if (!process.env.GATEWAY_URL) {
      fail("DATABASE_URL is set, so several instances may share this database: they need one gateway. Set GATEWAY_URL (a real gateway, or one shared `npm run gateway`) and its keys.");
    }
    if (!process.env.AUTH_SECRET) {
      fail("DATABASE_URL is set, so several instances may share this database: each must accept the others' sessions. Set the same AUTH_SECRET (e.g. `openssl rand -base64 32`) on every instance.");
    }
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: process.env.AUTH_SECRET || persistentSecret(path.join(dataDir, "auth-secret")),
    AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST || "true",
    // Readable log lines in `npm run dev` and on a terminal, JSON lines for a process manager (lib/observability/logger.ts).
    LOG_FORMAT: process.env.LOG_FORMAT || (dev || process.stdout.isTTY ? "pretty" : "json"),
  };

  const embedded = !process.env.GATEWAY_URL;
  env.GATEHOUSE_MODE = embedded ? "embedded" : "remote";
  if (!embedded) log.info(`using the gateway at ${process.env.GATEWAY_URL}`);
  const gatewayPort = embedded ? parsePort("GATEWAY_PORT", 4010) : 0;

  // The embedded demo hands out an admin password: it stays on this machine unless HOSTNAME says otherwise.
  // Against a real gateway Gatehouse is a server like any other and listens on every interface.
  const hostname = process.env.HOSTNAME?.trim() || (embedded ? "127.0.0.1" : undefined);
  if (!dev) await ensureBuild(env);
  const serverArgs = [...entryPointArgs(root, "next-server"), "--port", String(appPort), ...(hostname ? ["--hostname", hostname] : []), ...(dev ? ["--dev"] : [])];

  const supervisor = startSupervisor({
    gateway: embedded ? embeddedGatewayCommand(root, env, gatewayPort) : undefined,
    dashboard: (gateway): ChildCommand => {
      log.info(`dashboard on http://${hostname && hostname !== "127.0.0.1" ? hostname : "localhost"}:${appPort}${hostname === "127.0.0.1" ? " (this machine only; set HOSTNAME=0.0.0.0 to serve the network)" : ""}`);
      const gatewayEnv = gateway ? { GATEWAY_URL: gateway.baseUrl, GATEWAY_API_KEY: gateway.apiKey, GATEWAY_MANAGEMENT_KEY: gateway.managementKey } : {};
      return { command: process.execPath, args: serverArgs, cwd: root, env: { ...env, ...gatewayEnv } };
    },
  });
  await exitWithSupervisor(supervisor);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
