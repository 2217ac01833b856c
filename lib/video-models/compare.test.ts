import { describe, expect, it } from "vitest";
import { buildComparison } from "./compare";
import { videoModel } from "./test-models";

const a = videoModel({
  id: "google/veo",
  name: "Veo",
  generate_audio: true,
  supported_resolutions: ["720p", "1080p"],
  supported_frame_images: ["first_frame", "last_frame"],
  pricing_skus: { "per-video-second": "0.10", generate: "0.5" },
});
const b = videoModel({
  id: "google/veo-fast",
  name: "Veo Fast",
  generate_audio: false,
  supported_resolutions: ["720p", "1080p"],
  supported_frame_images: ["first_frame"],
  pricing_skus: { "per-video-second": "0.10" },
});
const c = videoModel({ id: "acme/clip", name: "Clip", supported_resolutions: ["1080p", "720p"], pricing_skus: { "per-video": "1" } });

function rowOf(sections: ReturnType<typeof buildComparison>, key: string) {
  const found = sections.flatMap((s) => s.rows).find((r) => r.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
}

describe("buildComparison", () => {
  const settings = { duration: 5, resolution: "720p", audio: false };
  const sections = buildComparison([a, b, c], settings);

  it("aligns one cell per model in every row", () => {
    for (const section of sections) for (const r of section.rows) expect(r.cells).toHaveLength(3);
    expect(sections.map((s) => s.title)).toEqual(["Overview", "Capabilities", "Pricing"]);
  });

  it("marks rows where the models differ and leaves equal rows unmarked", () => {
    expect(rowOf(sections, "provider")).toMatchObject({ cells: ["google", "google", "acme"], differs: true });
    // Same set in a different order is not a difference.
    expect(rowOf(sections, "resolutions")).toMatchObject({ cells: ["720p, 1080p", "720p, 1080p", "720p, 1080p"], differs: false });
    expect(rowOf(sections, "last_frame")).toMatchObject({ cells: ["Yes", "No", "No"], differs: true });
    expect(rowOf(sections, "seed")).toMatchObject({ cells: ["Not stated", "Not stated", "Not stated"], differs: false });
  });

  it("one pricing row per SKU name, a gap where a model lacks it", () => {
    expect(rowOf(sections, "sku:per-video-second").cells).toEqual(["$0.10 (per second)", "$0.10 (per second)", "—"]);
    expect(rowOf(sections, "sku:generate").cells).toEqual(["$0.50 (unit unknown)", "—", "—"]);
    expect(rowOf(sections, "sku:per-video").cells).toEqual(["—", "—", "$1.00 (per video)"]);
  });

  it("shows the real gateway's extra fields, and fields the contract does not name, in rows of their own", () => {
    const upscaler = videoModel({ id: "topaz/up", upscale_factor: { min: 1, max: 4 }, creativity: [1, 2], hugging_face_id: "topaz/x" });
    const withExtra = { ...videoModel({ id: "new/model" }), frames_per_second: [24, 30] } as typeof upscaler;
    const rows = buildComparison([upscaler, withExtra], settings);
    expect(rowOf(rows, "upscale_factor").cells).toEqual(["1×–4×", "—"]);
    expect(rowOf(rows, "creativity").cells).toEqual(["1, 2", "—"]);
    expect(rowOf(rows, "hugging_face_id").cells).toEqual(["topaz/x", "—"]);
    expect(rowOf(rows, "extra:frames_per_second")).toMatchObject({ label: "frames_per_second", cells: ["—", "[24,30]"], differs: true });
    expect(rows.map((s) => s.title)).toEqual(["Overview", "Capabilities", "Pricing", "Other fields"]);
  });

  it("ends with the estimate for the calculator's settings", () => {
    const estimate = rowOf(sections, "estimate");
    expect(estimate.label).toBe("Estimate: 5 s, 720p, without audio");
    expect(estimate.cells).toEqual(["$0.50", "$0.50", "$1.00"]);
    expect(estimate.differs).toBe(true);
  });
});
