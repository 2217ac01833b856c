import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockStateFolder, planFingerprint, settleState, StateError } from "./eval-state";

/**
 * The local CLI's state folder (`.gatehouse-eval/`): one process at a time, a lock left by a killed run taken over,
 * a cut run kept for --resume only under the same plan.
 */
const folders: string[] = [];
const children: ChildProcess[] = [];

function folder(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "gatehouse-eval-state-")), ".gatehouse-eval");
  folders.push(path.dirname(dir));
  return dir;
}

/** Another process, alive until killed: what a second `npm run eval` in the same folder would be. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", reject);
  });
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the CLI's state folder", () => {
  it("refuses a second process while the first lives, naming it and --state; takes the lock over once it was killed", async () => {
    const dir = folder();
    const other = await otherProcess();
    lockStateFolder(dir);
    // The lock as the other process would have written it, had it taken the folder first.
    writeFileSync(path.join(dir, "lock"), String(other.pid));
    const refused = (() => {
      try {
        lockStateFolder(dir);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(StateError);
    expect((refused as Error).message).toContain(`process ${other.pid}`);
    expect((refused as Error).message).toContain("--state");
    expect(readFileSync(path.join(dir, "lock"), "utf8")).toBe(String(other.pid));

    // SIGKILL: no cleanup ran, the lock names a dead process; the next run takes the folder.
    const exited = new Promise((resolve) => other.once("exit", resolve));
    other.kill("SIGKILL");
    await exited;
    const taken = lockStateFolder(dir);
    expect(readFileSync(path.join(dir, "lock"), "utf8")).toBe(String(process.pid));
    taken.finish();
    expect(existsSync(dir)).toBe(false);
  });

  it("keeps a cut run's plan for --resume and goes on only with the same plan", () => {
    const dir = folder();
    const plan = { questions: "abc", versions: [2, 3], checks: ["min-length:1"], repeats: 1 };
    const fingerprint = planFingerprint(plan);
    // The same flags in another order are the same plan.
    expect(planFingerprint({ repeats: 1, checks: ["min-length:1"], versions: [2, 3], questions: "abc" })).toBe(fingerprint);
    const first = lockStateFolder(dir);
    first.begin(fingerprint);
    writeFileSync(path.join(dir, "gatehouse.db"), "");
    // Cut: the lock goes, the plan and the database stay.
    first.release();
    expect(existsSync(path.join(dir, "lock"))).toBe(false);
    expect(existsSync(path.join(dir, "plan.json"))).toBe(true);

    const notes: string[] = [];
    const other = lockStateFolder(dir);
    expect(() => settleState(other, planFingerprint({ ...plan, repeats: 2 }), true, (text) => notes.push(text))).toThrow(/another plan/);
    const same = lockStateFolder(dir);
    settleState(same, fingerprint, true, (text) => notes.push(text));
    expect(same.resumed).toBe(true);
    // Without --resume the cut run is replaced, and the user is told.
    const fresh = lockStateFolder(dir);
    settleState(fresh, fingerprint, false, (text) => notes.push(text));
    expect(fresh.resumed).toBe(false);
    expect(notes.at(-1)).toMatch(/replacing the unfinished run/);
    expect(existsSync(path.join(dir, "gatehouse.db"))).toBe(false);
  });

  it("leaves no folder when it stops before a run began (a usage error)", () => {
    const dir = folder();
    lockStateFolder(dir).release();
    expect(existsSync(dir)).toBe(false);
  });
});
