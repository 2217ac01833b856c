// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { DiffPairPicker } from "./diff-pair-picker";
import type { DiffPair } from "./url-state";

const VERSIONS = [
  { version_index: 0, label: "web-research v1" },
  { version_index: 1, label: "web-research v2" },
  { version_index: 2, label: "web-research v3" },
];

function Harness({ seen }: { seen: DiffPair[] }) {
  const [pair, setPair] = useState<DiffPair>({ base: 0, against: 1 });
  return (
    <DiffPairPicker
      versions={VERSIONS}
      pair={pair}
      onChange={(next) => {
        seen.push(next);
        setPair(next);
      }}
    />
  );
}

afterEach(cleanup);

describe("the citation diff's version pair", () => {
  it("lets a run of three versions compare any two, by label, swapping when a side takes the other's version", async () => {
    const seen: DiffPair[] = [];
    render(<Harness seen={seen} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Citations of"), "web-research v3");
    expect(seen.at(-1)).toEqual({ base: 0, against: 2 });
    await user.selectOptions(screen.getByLabelText("against"), "web-research v3");
    expect(seen.at(-1)).toEqual({ base: 2, against: 0 });
    expect((screen.getByLabelText("Citations of") as HTMLSelectElement).value).toBe("0");
  });
});
