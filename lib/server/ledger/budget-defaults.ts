import { serverEnv } from "../config/env";
import type { BudgetDefaults } from "./ledger";

/** A person's budget when no admin set one: the settings (MODEL_MAX_COST_PER_DAY_USD, MODEL_MAX_COST_PER_MONTH_USD). */
export function budgetDefaults(): BudgetDefaults {
  const env = serverEnv();
  return { dayUsd: env.modelMaxCostPerDayUsd, monthUsd: env.MODEL_MAX_COST_PER_MONTH_USD, daySetting: env.modelMaxCostPerDaySetting, monthSetting: "MODEL_MAX_COST_PER_MONTH_USD" };
}
