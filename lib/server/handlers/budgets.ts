import "server-only";
import { z } from "zod";
import { UpdateBudgetRequestSchema } from "@/lib/contract/bff/schemas";
import { parseWith, readJsonBody } from "../http/body";
import { jsonResponse } from "../http/errors";
import { defineRoute, type IdParams } from "../http/route";
import { readBudget, updateBudget } from "../services/budgets";

const UserIdSchema = z.string().min(1).max(64);

/** GET /api/me/budget: the signed-in person's own budget (the header menu). */
export const getMyBudget = defineRoute({ role: "viewer" }, async ({ user }) => jsonResponse({ data: await readBudget(user.id) }));

/** GET /api/users/[id]/budget: an admin reads a person's budget. */
export const getUserBudget = defineRoute<IdParams>({ role: "admin" }, async ({ params }) => {
  const id = parseWith(UserIdSchema, params.id, "Invalid user id");
  return jsonResponse({ data: await readBudget(id) });
});

/** PUT /api/users/[id]/budget: an admin sets a person's limits per day and calendar month (null: the default). */
export const putUserBudget = defineRoute<IdParams>({ role: "admin", mutating: true }, async ({ request, params }) => {
  const id = parseWith(UserIdSchema, params.id, "Invalid user id");
  const body = parseWith(UpdateBudgetRequestSchema, await readJsonBody(request));
  return jsonResponse({ data: await updateBudget(id, body) });
});
