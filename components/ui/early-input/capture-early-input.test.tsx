// @vitest-environment happy-dom
import { act, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { captureEarlyInput } from "./capture-early-input";

/**
 * What the inline script does between the server's HTML and React's hydration: a person acts on the HTML, then
 * React hydrates, and the component must end up knowing what the control shows.
 */

// React tells act() apart from a real browser by this flag.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // As the root layout's script does, before anything is parsed; once per document.
  captureEarlyInput();
});

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

/** The server's HTML of `app`, in the document but not hydrated: what a person sees before the page's code runs. */
function serverHtml(app: React.ReactElement): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(app);
  document.body.append(container);
  return container;
}

async function hydrate(container: HTMLElement, app: React.ReactElement) {
  await act(async () => {
    root = hydrateRoot(container, app);
  });
}

const shown = (container: HTMLElement) => container.querySelector("output")?.textContent;

function Picker() {
  const [value, setValue] = useState("");
  return (
    <>
      <select aria-label="Workspace" value={value} onChange={(event) => setValue(event.target.value)}>
        <option value="">Default</option>
        <option value="research">Research</option>
      </select>
      <output>{value || "default"}</output>
    </>
  );
}

function Search({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <input aria-label="Search" value={value} onChange={(event) => setValue(event.target.value)} />
      <output>{value}</output>
    </>
  );
}

function Notes() {
  const [value, setValue] = useState("Server text");
  return (
    <>
      <textarea aria-label="Notes" value={value} onChange={(event) => setValue(event.target.value)} />
      <output>{value}</output>
    </>
  );
}

function Audio() {
  const [on, setOn] = useState(false);
  return (
    <>
      <label>
        <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} /> Generates audio
      </label>
      <output>{on ? "on" : "off"}</output>
    </>
  );
}

function Counter({ onPress }: { onPress: () => void }) {
  const [count, setCount] = useState(0);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          onPress();
          setCount((c) => c + 1);
        }}
      >
        Add
      </button>
      <output>{count}</output>
    </>
  );
}

describe("early input", () => {
  it("hands a select's early choice to React once hydrated", async () => {
    const container = serverHtml(<Picker />);
    const select = container.querySelector("select")!;
    select.value = "research";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(document.documentElement.getAttribute("data-early-input")).toBe("waiting");
    expect(select.hasAttribute("data-early-held")).toBe(true);
    await hydrate(container, <Picker />);
    await vi.waitFor(() => expect(shown(container)).toBe("research"));
    expect(select.value).toBe("research");
    expect(select.hasAttribute("data-early-held")).toBe(false);
    await vi.waitFor(() => expect(document.documentElement.hasAttribute("data-early-input")).toBe(false));
  });

  it("hands what was typed in a text field to React", async () => {
    const container = serverHtml(<Search initial="vid" />);
    const input = container.querySelector("input")!;
    input.value = "video";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    await hydrate(container, <Search initial="vid" />);
    await vi.waitFor(() => expect(shown(container)).toBe("video"));
    expect(input.value).toBe("video");
  });

  it("keeps what was typed in a text area that React's hydration puts back to the server's text", async () => {
    const container = serverHtml(<Notes />);
    const textarea = container.querySelector("textarea")!;
    textarea.value = "Server text, edited";
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    await hydrate(container, <Notes />);
    await vi.waitFor(() => expect(shown(container)).toBe("Server text, edited"));
    expect(textarea.value).toBe("Server text, edited");
  });

  it("hands an early tick of a checkbox to React", async () => {
    const container = serverHtml(<Audio />);
    const box = container.querySelector<HTMLInputElement>("input[type=checkbox]")!;
    box.click();
    expect(box.checked).toBe(true);
    await hydrate(container, <Audio />);
    await vi.waitFor(() => expect(shown(container)).toBe("on"));
    expect(box.checked).toBe(true);
  });

  it("replays an early click once, after hydration, and a later click after it", async () => {
    const onPress = vi.fn();
    const container = serverHtml(<Counter onPress={onPress} />);
    const button = container.querySelector("button")!;
    button.click();
    await hydrate(container, <Counter onPress={onPress} />);
    await vi.waitFor(() => expect(shown(container)).toBe("1"));
    act(() => button.click());
    expect(shown(container)).toBe("2");
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it("sends Enter in a text field again once hydrated: the form is submitted with what was typed", async () => {
    const onSubmit = vi.fn();
    function SignIn() {
      const [email, setEmail] = useState("");
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(email);
          }}
        >
          <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <button type="submit">Sign in</button>
        </form>
      );
    }
    const container = serverHtml(<SignIn />);
    const input = container.querySelector("input")!;
    input.value = "ada@example.org";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    input.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    await hydrate(container, <SignIn />);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith("ada@example.org"));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  // Last: once the document is parsed, only what the server sent is held, for every test after this one too.
  it("never holds an element the server did not send (a browser extension's button)", async () => {
    const onPress = vi.fn();
    const container = serverHtml(<Counter onPress={onPress} />);
    document.dispatchEvent(new Event("DOMContentLoaded"));
    const foreign = document.createElement("button");
    const foreignPress = vi.fn();
    foreign.addEventListener("click", foreignPress);
    document.body.append(foreign);
    expect(foreign.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }))).toBe(true);
    expect(foreignPress).toHaveBeenCalledTimes(1);
    expect(foreign.hasAttribute("data-early-held")).toBe(false);

    container.querySelector("button")!.click();
    await hydrate(container, <Counter onPress={onPress} />);
    await vi.waitFor(() => expect(shown(container)).toBe("1"));
  });
});
