import { describe, expect, it } from "vitest";
import { filtersFromUrl, loadCatalogSearchParams, serializeCatalogSearchParams, settingsFromUrl, sortFromUrl } from "./search-params";

describe("catalog URL state", () => {
  it("round-trips a filter state through the query string", () => {
    const query = serializeCatalogSearchParams({
      q: "veo",
      res: ["720p", "1080p"],
      ratio: ["16:9"],
      min_s: 4,
      max_s: 8,
      audio: true,
      first_frame: true,
      sort: "cheapest",
      duration: 8,
      resolution: "1080p",
      with_audio: true,
    });
    const state = loadCatalogSearchParams(new URLSearchParams(query));
    expect(filtersFromUrl(state)).toEqual({
      q: "veo",
      resolutions: ["720p", "1080p"],
      aspectRatios: ["16:9"],
      minDuration: 4,
      maxDuration: 8,
      audio: true,
      firstFrame: true,
      lastFrame: false,
    });
    expect(sortFromUrl(state)).toBe("cheapest");
    expect(settingsFromUrl(state)).toEqual({ duration: 8, resolution: "1080p", audio: true });
  });

  it("leaves defaults out of the URL", () => {
    expect(serializeCatalogSearchParams({ q: "", sort: "name", duration: 5, resolution: "720p", audio: false })).toBe("");
  });

  it("an empty URL is the unfiltered catalog with default calculator settings", () => {
    const state = loadCatalogSearchParams(new URLSearchParams());
    expect(filtersFromUrl(state)).toMatchObject({ q: "", resolutions: [], minDuration: null, audio: false });
    expect(settingsFromUrl(state)).toEqual({ duration: 5, resolution: "720p", audio: false });
  });

  it("tolerates hand-edited values: unknown sort, negative bounds, odd resolution case", () => {
    const state = loadCatalogSearchParams(new URLSearchParams("sort=priciest&min_s=-3&max_s=abc&res=1080P,4k&resolution=HD&duration=0"));
    expect(sortFromUrl(state)).toBe("name");
    const filters = filtersFromUrl(state);
    expect(filters.minDuration).toBeNull();
    expect(filters.maxDuration).toBeNull();
    expect(filters.resolutions).toEqual(["1080p", "4K"]);
    expect(settingsFromUrl(state)).toEqual({ duration: 5, resolution: "720p", audio: false });
  });
});
