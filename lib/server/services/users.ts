import "server-only";
import { UserListResponseSchema, type CreateUserRequest, type SessionUser, type UpdateUserRequest, type User } from "@/lib/contract/bff/schemas";
import { appContext } from "../config/app-context";
import { HttpError } from "../http/errors";
import { LastAdminError, UserExistsError, type StoredUser } from "../db/users-store";

/**
 * Who may sign in: the app database's users as the admin routes and the users page show them (no gateway call,
 * no gateway charge). The rules an admin's change must keep (one admin at least, not demoting or removing
 * oneself, no password for single sign-on users) are here, as the contract's errors.
 */

function publicUser(user: StoredUser): User {
  const { isDemo: _isDemo, sessionVersion: _sessionVersion, ...rest } = user;
  return rest;
}

/** Everyone who may sign in, as GET /api/users lists them. */
export async function listPublicUsers(): Promise<User[]> {
  return (await (await appContext()).users.list()).map(publicUser);
}

/** The same list as the browser's query parses it (`userQueries.list`), for the users page's prefetch. */
export async function listPublicUsersParsed(): Promise<User[]> {
  return UserListResponseSchema.parse({ data: await listPublicUsers() }).data;
}

export async function addUser(input: CreateUserRequest): Promise<User> {
  try {
    return publicUser(await (await appContext()).users.create(input));
  } catch (error) {
    if (error instanceof UserExistsError) throw new HttpError(409, error.message, { metadata: { field: "email" } });
    throw error;
  }
}

export async function changeUser(actor: SessionUser, id: string, changes: UpdateUserRequest): Promise<User> {
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
    return publicUser(updated);
  } catch (error) {
    if (error instanceof LastAdminError) throw new HttpError(409, error.message);
    throw error;
  }
}

export async function removeUser(actor: SessionUser, id: string): Promise<void> {
  if (id === actor.id) throw new HttpError(409, "You cannot remove your own account");
  try {
    if (!(await (await appContext()).users.remove(id))) throw new HttpError(404, "No such user");
  } catch (error) {
    if (error instanceof LastAdminError) throw new HttpError(409, error.message);
    throw error;
  }
}
