import { queryOptions } from "@tanstack/react-query";
import type { Budget, CreateUserRequest, UpdateBudgetRequest, UpdateUserRequest, User } from "@/lib/contract/bff/schemas";
import { bffSchema } from "@/lib/client/contract";
import { apiData, apiRequest } from "@/lib/client/api-client";

/** Query keys and calls of the users admin page (GET/POST /api/users, PATCH/DELETE /api/users/[id]). */

export const userKeys = {
  all: ["users"] as const,
  list: () => [...userKeys.all, "list"] as const,
};

export const userQueries = {
  list: () =>
    queryOptions({
      queryKey: userKeys.list(),
      queryFn: ({ signal }) => apiData("/api/users", bffSchema("UserListResponseSchema"), { signal }),
    }),
};

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

export function createUser(input: CreateUserRequest): Promise<User> {
  return apiData("/api/users", bffSchema("UserEnvelopeSchema"), { method: "POST", json: input });
}

export function updateUser(id: string, changes: UpdateUserRequest): Promise<User> {
  return apiData(userPath(id), bffSchema("UserEnvelopeSchema"), { method: "PATCH", json: changes });
}

export async function removeUser(id: string): Promise<void> {
  await apiRequest(userPath(id), { method: "DELETE" });
}

/** A person's budget (admins; GET /api/users/[id]/budget). */
export function readUserBudget(id: string, signal?: AbortSignal): Promise<Budget> {
  return apiData(`${userPath(id)}/budget`, bffSchema("BudgetEnvelopeSchema"), { signal });
}

/** Sets a person's limits per day and calendar month (PUT /api/users/[id]/budget; null: the default). */
export function updateUserBudget(id: string, limits: UpdateBudgetRequest): Promise<Budget> {
  return apiData(`${userPath(id)}/budget`, bffSchema("BudgetEnvelopeSchema"), { method: "PUT", json: limits });
}

/** The signed-in person's own budget (GET /api/me/budget): the header menu shows what is left. */
export function readMyBudget(signal?: AbortSignal): Promise<Budget> {
  return apiData("/api/me/budget", bffSchema("BudgetEnvelopeSchema"), { signal });
}
