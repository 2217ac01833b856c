import { getUserBudget, putUserBudget } from "@/lib/server/handlers/budgets";

export const dynamic = "force-dynamic";
export const GET = getUserBudget;
export const PUT = putUserBudget;
