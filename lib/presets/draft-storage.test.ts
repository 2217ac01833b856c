import { describe, expect, it } from "vitest";
import { discardDraft, draftKey, loadDraft, saveDraft, type PresetDraft } from "./draft-storage";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe("draft storage", () => {
  const draft: PresetDraft = { request: { model: "m", temperature: 0.4 }, baseVersionId: "v-1", baseVersion: 1, savedAt: 1 };

  it("round-trips a draft per slug and discards it", () => {
    const store = memoryStorage();
    saveDraft("a", draft, store);
    expect(loadDraft("a", store)).toEqual(draft);
    expect(loadDraft("b", store)).toBeNull();
    discardDraft("a", store);
    expect(loadDraft("a", store)).toBeNull();
  });

  it("ignores corrupt or foreign entries instead of crashing", () => {
    const store = memoryStorage();
    store.setItem(draftKey("a"), "{not json");
    expect(loadDraft("a", store)).toBeNull();
    store.setItem(draftKey("a"), JSON.stringify({ request: [], savedAt: 1 }));
    expect(loadDraft("a", store)).toBeNull();
  });

  it("works without storage", () => {
    expect(loadDraft("a", null)).toBeNull();
    expect(() => saveDraft("a", draft, null)).not.toThrow();
  });
});
