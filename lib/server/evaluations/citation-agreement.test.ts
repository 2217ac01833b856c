import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCitationFaults } from "@/lib/embedded-gateway/responder/citation-faults";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { measureCitationAgreement } from "./testing/citation-agreement";

/*
 * The citation checks against planted truth: the embedded gateway plants invented, unsupported and off-topic
 * citations at known rates (seeded); lib/evaluations' verdicts are compared with what was planted. Invented citations:
 * none missed, none invented where none was planted.
 */

const RATES = parseCitationFaults("invented=0.15,unsupported=0.2,off_topic=0.1,seed=11")!;
const QUESTIONS = fs
  .readFileSync(path.join(process.cwd(), "lib/evaluations/demo/web-research-questions.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .slice(0, 12)
  .map((line) => (JSON.parse(line) as { question: string }).question);

describe("citation checks against planted faults", () => {
  let gateway: EmbeddedGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0, citationFaults: RATES });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it("finds every invented citation and flags none that was not; unsupported and off-topic verdicts agree with the truth", async () => {
    const send = (body: Record<string, unknown>, signal: AbortSignal) =>
      fetch(`${gateway.baseUrl}/responses`, { method: "POST", headers: { authorization: `Bearer ${gateway.apiKey}`, "content-type": "application/json" }, body: JSON.stringify(body), signal });
    const measured = await measureCitationAgreement({ send, rates: RATES, questions: QUESTIONS });
    expect(measured.citations).toBeGreaterThan(20);
    // Every kind was planted, so each figure below is about something.
    expect(measured.planted.invented).toBeGreaterThan(0);
    expect(measured.planted.unsupported).toBeGreaterThan(0);
    expect(measured.planted.off_topic).toBeGreaterThan(0);
    expect(measured.invented).toMatchObject({ falseNegatives: 0, falsePositives: 0, recall: 1, precision: 1 });
    // Every planted fault is caught as unsupported (a judge seeing the source text, not the quote).
    expect(measured.unsupported.recall).toBe(1);
    expect(measured.unsupported.precision).toBeGreaterThanOrEqual(0.8);
    expect(measured.offTopic.recall).toBe(1);
  }, 120_000);
});
