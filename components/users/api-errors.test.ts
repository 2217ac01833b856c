import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client/api-client";
import { placeApiError, withLabel } from "./api-errors";

const LABELS = { email: "Email", password: "Password", role: "Role" } as const;

describe("placeApiError", () => {
  it("puts each 400 issue on the field it names, in the field's own words", () => {
    const error = new ApiError(400, "Invalid request parameters: email has an invalid format; password must be at least 8 characters", {
      issues: [
        { path: "email", message: "email has an invalid format" },
        { path: "password", message: "password must be at least 8 characters" },
      ],
    });
    expect(placeApiError(error, LABELS)).toEqual({
      fields: { email: "Email has an invalid format", password: "Password must be at least 8 characters" },
      form: null,
    });
  });

  it("keeps issues about unknown fields above the form", () => {
    const error = new ApiError(400, "Invalid", { issues: [{ path: "nickname", message: "nickname is not a recognized field" }] });
    expect(placeApiError(error, LABELS)).toEqual({ fields: {}, form: "nickname is not a recognized field" });
  });

  it("puts a 409 that names its field (duplicate email) on that field", () => {
    const error = new ApiError(409, "A user with email a@b.c already exists", { field: "email" });
    expect(placeApiError(error, LABELS)).toEqual({ fields: { email: "A user with email a@b.c already exists" }, form: null });
  });

  it("shows refusals that name no field above the form", () => {
    const error = new ApiError(403, "This needs the admin role; you are signed in as viewer", { required_role: "admin", role: "viewer" });
    expect(placeApiError(error, LABELS)).toEqual({ fields: {}, form: "This needs the admin role; you are signed in as viewer" });
  });

  it("says that nothing is lost when the session ran out", () => {
    expect(placeApiError(new ApiError(401, "Sign in to continue"), LABELS).form).toMatch(/session has expired.*nothing here is lost/);
  });
});

describe("withLabel", () => {
  it("prefixes the schema's 'must …' messages with the field label only", () => {
    expect(withLabel("Email", "must be an email address")).toBe("Email must be an email address");
    expect(withLabel("Email", "A user with this email exists")).toBe("A user with this email exists");
  });
});
