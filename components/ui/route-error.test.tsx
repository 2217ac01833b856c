// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/client/api-client";
import { RouteErrorNotice } from "./route-error";

afterEach(cleanup);

const show = (error: unknown, onRetry = vi.fn()) => {
  render(<RouteErrorNotice error={error} retrying={false} onRetry={onRetry} />);
  return onRetry;
};

describe("the dashboard's error page", () => {
  it("is announced and focused, and says the page could not be shown", () => {
    show(new Error("a bug"));
    expect(screen.getByRole("alert").textContent).toContain("This page could not be shown");
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "This page could not be shown" }));
  });

  it("gives Next's digest of a server render that threw as the error id", () => {
    show(Object.assign(new Error("hidden in production"), { digest: "2041378345" }));
    expect(screen.getByRole("alert").textContent).toContain("error id: 2041378345");
  });

  it("gives the BFF's error_id of an unexpected 500", () => {
    show(new ApiError(500, "Something went wrong", { error_id: "6f1c2d3e-aaaa-bbbb-cccc-0123456789ab" }));
    expect(screen.getByRole("alert").textContent).toContain("error id: 6f1c2d3e-aaaa-bbbb-cccc-0123456789ab");
  });

  it("shows no id when there is none", () => {
    show(new Error("a chunk that could not be fetched"));
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
