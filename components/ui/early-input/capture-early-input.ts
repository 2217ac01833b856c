/**
 * Early input counts (convention 26). The server's HTML shows every control at once, but its handlers arrive
 * later: when React hydrates the page, or, for a part whose code is a chunk of its own (components/ui/lazy-*),
 * when that chunk has loaded. A click, a choice or a keystroke before then would be dropped by React (it keeps
 * what the DOM shows but never tells the component), so the control would show one thing and the page do another.
 *
 * This runs before the page's own code, from an inline script in the root layout (EarlyInputScript), and
 * stands in front of every control until React owns it:
 * - a click (or double click) on a button, or an element with a button-like role, is held back and replayed
 *   once the element is live: pointer and mouse presses, then the click, so Radix triggers that act on a press act too;
 * - a changed select, checkbox, radio, text field or text area is remembered and, once live, its value is
 *   handed to React as the change it missed (so the component's onChange runs with what the control shows);
 * - a form submitted before its handler is held back and submitted again once live;
 * - a key that moves within a widget (arrows in tabs or a list), Enter in a text field, or Ctrl/Cmd+Enter (run) is
 *   sent again once live (Enter then submits the field's form unless a handler took it, as the browser would);
 * - files dragged onto the page are refused, visibly (a no-drop cursor), until the page can take them.
 * While anything waits the page carries `data-early-input="waiting"` on <html> (globals.css: a progress cursor), and
 * each control that waits `data-early-held` (dimmed), so it is visibly not yet done.
 *
 * "Live" is React's own mark on a DOM node it has hydrated (the `__reactFiber$…` property): once it is there the
 * node's handlers are attached, or React can attach them synchronously when an event arrives. That mark is
 * React internals (its suffix is found on the root's `__reactContainer$…`), read-only and present since React 17; e2e/early-input.spec.ts fails if it ever goes away
 * (every early action would wait for nothing and be dropped at the deadline).
 *
 * Self-contained on purpose: it is serialised with Function.prototype.toString into the page, so it may use no
 * import and no helper from outside its own body.
 */
export function captureEarlyInput(): void {
  type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  interface Waiting {
    el: Element;
    kind: "click" | "dblclick" | "value" | "submit" | "key";
    /** For a text field: what was typed (React empties a text area's edit when it hydrates). */
    typed?: string;
    /** For a submit: the button that submitted. */
    submitter?: HTMLElement | null;
    /** For a key: the key press to send again. */
    key?: KeyboardEventInit;
    since: number;
  }
  /** Bounds: at most this many held actions, each for at most this long (a part whose chunk never loads shows its own error). */
  const MAX_WAITING = 50;
  const MAX_WAIT_MS = 30_000;
  const POLL_MS = 50;
  const CLICKABLE = "button,[role=button],[role=tab],[role=option],[role=switch],[role=checkbox],[role=menuitem],[role=radio]";
  /** Keys that move within a widget (tabs, a listbox); Enter and Space reach a button as a click. */
  const WIDGET = "[role=tab],[role=tablist],[role=option],[role=listbox],[role=menuitem],[role=menu],[role=grid],[role=row]";
  const MOVES = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"];

  const root = document.documentElement;
  const waiting: Waiting[] = [];
  let scheduled = false;

  /** React's property on the nodes it owns: `__reactFiber$` and a suffix of its own, shared with the root's `__reactContainer$`. */
  let fiberKey: string | null = null;
  function isLive(el: Element): boolean {
    for (let node: Node | null = el; node && !fiberKey; node = node.parentNode) {
      const key = Object.keys(node).find((name) => name.startsWith("__reactFiber$") || name.startsWith("__reactContainer$"));
      if (key) fiberKey = `__reactFiber$${key.slice(key.indexOf("$") + 1)}`;
    }
    return fiberKey !== null && (el as unknown as Record<string, unknown>)[fiberKey] != null;
  }
  const isControl = (el: Element): el is Control => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;
  const isCheckable = (el: Control): el is HTMLInputElement => el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio");

  /**
   * The next look at what waits: after POLL_MS, at the first idle moment. Not sooner: React marks a node while it
   * hydrates, before the commit and before the page's effects have run (Next's router settles the URL in one, and
   * would write over a URL state an onChange had just set); the browser is idle only once that work is done.
   */
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    window.setTimeout(() => {
      const look = () => {
        scheduled = false;
        replayLive();
        if (waiting.length > 0) schedule();
      };
      if ("requestIdleCallback" in window) window.requestIdleCallback(look);
      else look();
    }, POLL_MS);
  }

  /**
   * The controls the server sent, known once the document is parsed (streamed parts included). Until then every
   * control is the server's. An element added later that React does not own (a browser extension's button) is never
   * held: it is not ours to wait for.
   */
  let served: WeakSet<Element> | null = null;
  document.addEventListener("DOMContentLoaded", () => {
    served = new WeakSet(document.querySelectorAll(`${CLICKABLE},input,select,textarea,form`));
  });

  /** Holds `entry` back from the page (and, with `prevent`, from the browser), unless it is not the server's or too many wait. */
  function hold(event: Event, entry: Omit<Waiting, "since">, { prevent = true, anyElement = false } = {}) {
    if (waiting.length >= MAX_WAITING || (!anyElement && served !== null && !served.has(entry.el))) return;
    if (prevent) event.preventDefault();
    event.stopImmediatePropagation();
    waiting.push({ ...entry, since: Date.now() });
    root.setAttribute("data-early-input", "waiting");
    // A key may be aimed at the whole page: only a control is dimmed.
    if (entry.kind !== "key") entry.el.setAttribute("data-early-held", "");
    schedule();
  }

  /** A press as a person makes it, for handlers on any of its events. */
  function press(el: Element) {
    const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, view: window };
    el.dispatchEvent(new PointerEvent("pointerdown", { ...init, pointerType: "mouse", isPrimary: true }));
    el.dispatchEvent(new MouseEvent("mousedown", init));
    el.dispatchEvent(new PointerEvent("pointerup", { ...init, buttons: 0, pointerType: "mouse", isPrimary: true }));
    el.dispatchEvent(new MouseEvent("mouseup", { ...init, buttons: 0 }));
    (el as HTMLElement).click();
  }

  /**
   * Tells React about a value the control shows but React never saw change. React compares a control's value
   * with the one it last knew (its value tracker, fed by the element's own `value`/`checked` setter): set the
   * old one through that setter, then the shown one past it (the prototype's setter), then send the event
   * React listens to for that control.
   */
  function handValue(el: Control, typed: string | undefined) {
    if (el instanceof HTMLSelectElement) {
      el.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    if (isCheckable(el)) {
      const shown = el.checked;
      if (shown === el.defaultChecked || (el.type === "radio" && !shown)) return;
      el.checked = !shown;
      el.click();
      return;
    }
    if (el.type === "file") return;
    // A text area that React has just hydrated shows its server text again; what was typed is kept here.
    const shown = el.value === el.defaultValue && typed !== undefined ? typed : el.value;
    if (shown === el.defaultValue) return;
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    el.value = el.defaultValue;
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, shown);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  }

  /** A key press sent again; Enter in a text field then submits its form, as the browser would have, unless a handler took it. */
  function pressKey(el: Element, key: KeyboardEventInit) {
    const untaken = el.dispatchEvent(new KeyboardEvent("keydown", key));
    const plainEnter = key.key === "Enter" && !key.ctrlKey && !key.metaKey;
    if (untaken && plainEnter && el instanceof HTMLInputElement && el.form && el.isConnected) el.form.requestSubmit();
  }

  function replay(entry: Waiting) {
    if (!waiting.some((other) => other.el === entry.el)) entry.el.removeAttribute("data-early-held");
    if (!entry.el.isConnected) return;
    if (entry.kind === "click") press(entry.el);
    else if (entry.kind === "dblclick") entry.el.dispatchEvent(new MouseEvent("dblclick", { bubbles: true, cancelable: true, detail: 2, view: window }));
    else if (entry.kind === "value") handValue(entry.el as Control, entry.typed);
    else if (entry.kind === "key") pressKey(entry.el, entry.key ?? {});
    else (entry.el as HTMLFormElement).requestSubmit(entry.submitter ?? undefined);
  }

  /**
   * Replays, in the order they were made, the held actions whose element is now live. Runs when scheduled, and before
   * any action on a live element, so that an early action never lands after a later one.
   */
  let replaying = false;
  function replayLive() {
    if (replaying) return;
    replaying = true;
    const now = Date.now();
    try {
      for (let i = 0; i < waiting.length; ) {
        const entry = waiting[i];
        if (isLive(entry.el) || !entry.el.isConnected || now - entry.since > MAX_WAIT_MS) {
          waiting.splice(i, 1);
          if (isLive(entry.el)) replay(entry);
        } else i += 1;
      }
    } finally {
      replaying = false;
    }
    if (waiting.length === 0) root.removeAttribute("data-early-input");
  }

  function onDoubleClick(event: Event) {
    const el = event.target instanceof Element ? event.target.closest(CLICKABLE) : null;
    if (!el) return;
    if (isLive(el)) return replayLive();
    hold(event, { el, kind: "dblclick" }, { prevent: false });
  }

  function onClick(event: Event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (isControl(target)) {
      if (isCheckable(target)) onValue(event);
      return;
    }
    const el = target.closest(CLICKABLE);
    if (!el || (el as HTMLButtonElement).disabled) return;
    if (isLive(el)) return replayLive();
    // Held back whole: neither the browser (a submit) nor React (which would drop it) acts on it now.
    hold(event, { el, kind: "click" });
  }

  function onValue(event: Event) {
    const el = event.target;
    if (!(el instanceof Element) || !isControl(el)) return;
    if (isLive(el)) return replayLive();
    // React would drop it now; the value is handed over once the control is live (the browser's own part, the
    // box ticked or the text typed, stays).
    const typed = el instanceof HTMLSelectElement || isCheckable(el) ? undefined : el.value;
    const earlier = waiting.find((entry) => entry.el === el && entry.kind === "value");
    if (!earlier) return hold(event, { el, kind: "value", typed }, { prevent: false });
    earlier.typed = typed;
    event.stopImmediatePropagation();
  }

  function onSubmit(event: Event) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (isLive(form)) return replayLive();
    hold(event, { el: form, kind: "submit", submitter: (event as SubmitEvent).submitter });
  }

  /** Moves within a widget, Enter in a text field, and Ctrl or Cmd+Enter (run) anywhere; other keys stay the browser's (Tab moves focus). */
  function onKey(event: Event) {
    const { key, ctrlKey, metaKey, shiftKey, altKey, code } = event as KeyboardEvent;
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const widget = MOVES.includes(key) && !isControl(target) ? target.closest(WIDGET) : null;
    // Enter in a text field: its own handler (a chips field makes a chip) first, else the form's submit.
    const fieldEnter = key === "Enter" && target instanceof HTMLInputElement && !isCheckable(target);
    const el = widget || fieldEnter || (key === "Enter" && (ctrlKey || metaKey)) ? target : null;
    if (!el) return;
    if (isLive(el)) return replayLive();
    // The target may be a list or the page itself, never in the served set.
    hold(event, { el, kind: "key", key: { key, code, ctrlKey, metaKey, shiftKey, altKey, bubbles: true, cancelable: true } }, { anyElement: true });
  }

  /**
   * Files dragged over the page before the upload area can take them: refused (a no-drop cursor), so that the
   * browser does not open the dropped file in place of the page. Not replayed: a drop's files cannot be kept.
   */
  function onDrag(event: Event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || isLive(target)) return;
    event.preventDefault();
    const transfer = (event as DragEvent).dataTransfer;
    if (transfer) transfer.dropEffect = "none";
  }

  document.addEventListener("dragover", onDrag, true);
  document.addEventListener("drop", onDrag, true);
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("click", onClick, true);
  document.addEventListener("dblclick", onDoubleClick, true);
  document.addEventListener("input", onValue, true);
  document.addEventListener("change", onValue, true);
  document.addEventListener("submit", onSubmit, true);
}
