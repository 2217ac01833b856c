// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Component, Suspense, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError, lazyComponent, lazyNamed } from "./lazy-component";
import { LazySlot } from "./lazy-slot";
import { useLazyPopup, type LazyPopupProps } from "./use-lazy-popup";

afterEach(cleanup);

/** Stands for a page's error.tsx: what reaches it is shown by name. */
class PageBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError = (error: Error) => ({ error });
  render = () => (this.state.error ? <p role="alert">page error: {this.state.error.name}</p> : this.props.children);
}

/** `part` where a page would have it: under the page's boundary, in a Suspense that says "loading". */
const renderInPage = (part: ReactNode) =>
  render(
    <PageBoundary>
      <Suspense fallback={<p>loading</p>}>{part}</Suspense>
    </PageBoundary>,
  );

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A dynamic import that fails `failures` times (a dropped connection), then gives the module. */
function flakyChunk(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError("Failed to fetch dynamically imported module");
    return { default: Greeting, Greeting };
  });
  return load;
}

const FAST = { attempts: 3, delayMs: 1 };

describe("lazyComponent", () => {
  it("fetches a chunk that fails once again, and shows the component", async () => {
    const load = flakyChunk(1);
    const Lazy = lazyComponent(load, FAST);
    renderInPage(<Lazy name="Ada" />);
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("throws a chunk that fails for good to the page's error boundary, after every attempt", async () => {
    const load = flakyChunk(Infinity);
    const Lazy = lazyNamed(load, "Greeting", FAST);
    renderInPage(<Lazy name="Ada" />);
    expect((await screen.findByRole("alert")).textContent).toBe("page error: ChunkLoadError");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("preloads without throwing, and a failed preload leaves the render to try again", async () => {
    const load = flakyChunk(3);
    const Lazy = lazyComponent(load, FAST);
    await expect(Lazy.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(3);
    renderInPage(<Lazy name="Bob" />);
    expect(await screen.findByText("Hello Bob")).toBeTruthy();
  });
});

describe("LazySlot", () => {
  it("shows a chunk that cannot be fetched in the part's place with Try again, which fetches it again", async () => {
    const user = userEvent.setup();
    const load = flakyChunk(3);
    const Lazy = lazyComponent(load, FAST);
    render(
      <PageBoundary>
        <LazySlot what="The greeting" fallback={<p>loading</p>}>
          <Lazy name="Ada" />
        </LazySlot>
      </PageBoundary>,
    );
    const failure = await screen.findByTestId("part-load-error");
    expect(failure.textContent).toContain("The greeting could not be loaded");
    expect(screen.queryByText(/page error/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Hello Ada")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("leaves an error that is not a chunk load (a bug) to the page's boundary", async () => {
    const Broken = lazyComponent(async () => ({
      default: function Broken(): ReactNode {
        throw new RangeError("a bug");
      },
    }));
    render(
      <PageBoundary>
        <LazySlot what="The broken part">
          <Broken />
        </LazySlot>
      </PageBoundary>,
    );
    expect((await screen.findByRole("alert")).textContent).toBe("page error: RangeError");
  });
});

describe("useLazyPopup", () => {
  function Popup({ open, contentId, note }: LazyPopupProps & { note: string }) {
    return open ? <div id={contentId}>popup: {note}</div> : null;
  }

  it("mounts the popup on the first press, with its own props and the page's", async () => {
    const user = userEvent.setup();
    const load = vi.fn(async () => ({ default: Popup }));
    const LazyPopup = lazyComponent(load, FAST);
    function Opener() {
      const { triggerProps, render: renderPopup } = useLazyPopup(LazyPopup);
      return (
        <>
          <button type="button" {...triggerProps}>
            Open
          </button>
          {renderPopup({ note: "hi" })}
        </>
      );
    }
    render(<Opener />);
    expect(load).not.toHaveBeenCalled();
    const button = screen.getByRole("button", { name: "Open" });
    await user.click(button);
    const popup = await screen.findByText("popup: hi");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.getAttribute("aria-controls")).toBe(popup.id);
  });

  it("names the failure: a ChunkLoadError carries the cause", () => {
    const cause = new TypeError("Failed to fetch");
    const error = new ChunkLoadError(cause, () => {});
    expect(error.cause).toBe(cause);
    expect(error.message).toBe("Failed to fetch");
  });
});
