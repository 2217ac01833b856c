import "server-only";
import { z } from "zod";
import { CreateUserRequestSchema, UpdateUserRequestSchema, type User } from "@/lib/contract/bff/schemas";
import { appContext } from "../config/app-context";
import { parseWith, readJsonBody } from "../http/body";
import { HttpError, jsonResponse } from "../http/errors";
import { defineRoute } from "../http/route";
import { LastAdminError, UserExistsError, type StoredUser } from "../db/users-store";

type IdParams = { id: string };

const UserIdSchema = z.string().min(1).max(64);

function publicUser(user: StoredUser): User {
  const { isDemo: _isDemo, sessionVersion: _sessionVersion, ...rest } = user;
  return rest;
}

export const getMe = defineRoute({ role: "viewer" }, async ({ user }) => jsonResponse({ user }));

/** Everyone who may sign in, as GET /api/users lists them (the users admin page prefetches this too). */
export async function listPublicUsers(): Promise<User[]> {
  return (await (await appContext()).users.list()).map(publicUser);
}

export const listUsers = defineRoute({ role: "admin" }, async () => jsonResponse({ data: await listPublicUsers() }));

export const createUser = defineRoute({ role: "admin", mutating: true }, async ({ request }) => {
  const input = parseWith(CreateUserRequestSchema, await readJsonBody(request));
  try {
    const user = await (await appContext()).users.create(input);
    return jsonResponse({ data: publicUser(user) }, { status: 201 });
  } catch (error) {
    if (error instanceof UserExistsError) throw new HttpError(409, error.message, { metadata: { field: "email" } });
    throw error;
  }
});

export const updateUser = defineRoute<IdParams>({ role: "admin", mutating: true }, async ({ request, params, user: actor }) => {
  const id = parseWith(UserIdSchema, params.id, "Invalid user id");
  const changes = parseWith(UpdateUserRequestSchema, await readJsonBody(request));
  const { users } = await appContext();
  const target = await users.findById(id);
  if (!target) throw new HttpError(404, "No such user");
  if (changes.password !== undefined && target.provider !== "credentials") {
    throw new HttpError(400, "This user signs in with single sign-on and has no password", { metadata: { field: "password" } });
  }
  if (id === actor.id && changes.role !== undefined && changes.role !== "admin") {
    throw new HttpError(409, "You cannot remove your own admin role; ask another admin");
  }
  try {
    const updated = await users.update(id, changes);
    if (!updated) throw new HttpError(404, "No such user");
    return jsonResponse({ data: publicUser(updated) });
  } catch (error) {
    if (error instanceof LastAdminError) throw new HttpError(409, error.message);
    throw error;
  }
});

export const deleteUser = defineRoute<IdParams>({ role: "admin", mutating: true }, async ({ params, user: actor }) => {
  const id = parseWith(UserIdSchema, params.id, "Invalid user id");
  if (id === actor.id) throw new HttpError(409, "You cannot remove your own account");
  try {
    if (!(await (await appContext()).users.remove(id))) throw new HttpError(404, "No such user");
  } catch (error) {
    if (error instanceof LastAdminError) throw new HttpError(409, error.message);
    throw error;
  }
  return new Response(null, { status: 204 });
});
