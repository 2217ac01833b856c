import "server-only";
import { z } from "zod";
import { CreateUserRequestSchema, UpdateUserRequestSchema } from "@/lib/contract/bff/schemas";
import { parseWith, readJsonBody } from "../http/body";
import { jsonResponse } from "../http/errors";
import { defineRoute, type IdParams } from "../http/route";
import { addUser, changeUser, listPublicUsers, removeUser } from "../services/users";


const UserIdSchema = z.string().min(1).max(64);

export const getMe = defineRoute({ role: "viewer" }, async ({ user }) => jsonResponse({ user }));

export const listUsers = defineRoute({ role: "admin" }, async () => jsonResponse({ data: await listPublicUsers() }));

export const createUser = defineRoute({ role: "admin", mutating: true }, async ({ request }) => {
  const input = parseWith(CreateUserRequestSchema, await readJsonBody(request));
  return jsonResponse({ data: await addUser(input) }, { status: 201 });
});

export const updateUser = defineRoute<IdParams>({ role: "admin", mutating: true }, async ({ request, params, user: actor }) => {
  const id = parseWith(UserIdSchema, params.id, "Invalid user id");
  const changes = parseWith(UpdateUserRequestSchema, await readJsonBody(request));
  return jsonResponse({ data: await changeUser(actor, id, changes) });
});

export const deleteUser = defineRoute<IdParams>({ role: "admin", mutating: true }, async ({ params, user: actor }) => {
  const id = parseWith(UserIdSchema, params.id, "Invalid user id");
  await removeUser(actor, id);
  return new Response(null, { status: 204 });
});
