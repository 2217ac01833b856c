import { getMyBudget } from "@/lib/server/handlers/budgets";

export const dynamic = "force-dynamic";
export const GET = getMyBudget;
