// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/client/api-client";
import { PageError } from "./page-error";

afterEach(cleanup);

const show = (error: unknown, onRetry = vi.fn()) => {
  render(createElement(PageError, { what: "The presets", error, retrying: false, onRetry }));
  return onRetry;
};

describe("a page's error", () => {
  it("is announced and focused, and says what could not be shown", () => {
    show(Object.assign(new Error("hidden in production"), { digest: "2041378345" }));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("The presets could not be shown");
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "The presets could not be shown" }));
  });

  it("gives Next's digest of a server render that threw as the error id", () => {
    show(Object.assign(new Error("hidden"), { digest: "2041378345" }));
    expect(screen.getByRole("alert").textContent).toContain("error id: 2041378345");
  });

  it("gives the BFF's error_id of an unexpected 500", () => {
    show(new ApiError(500, "Something went wrong", { error_id: "6f1c2d3e-aaaa-bbbb-cccc-0123456789ab" }));
    expect(screen.getByRole("alert").textContent).toContain("error id: 6f1c2d3e-aaaa-bbbb-cccc-0123456789ab");
  });

  it("shows no id when there is none", () => {
    show(new Error("a bug in the browser"));
    expect(screen.getByRole("alert").textContent).not.toContain("error id");
  });

  it("tries again from the button, by keyboard too", async () => {
    const onRetry = show(new Error("x"));
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Try again" }));
    await user.keyboard("{Enter}");
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
