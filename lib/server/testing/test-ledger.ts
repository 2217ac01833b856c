import type { AppDb } from "../db/app-db";
import { Ledger } from "../ledger/ledger";

/**
 * A ledger whose budgets no test of something else reaches ($1M a day and a month), for stores a test opens without
 * the app's settings: the claims still reserve and settle on it, only the budget is out of the way.
 */
export function roomyLedger(db: AppDb): Ledger {
  return new Ledger(db, () => ({ dayUsd: 1e6, monthUsd: 1e6, daySetting: "MODEL_MAX_COST_PER_DAY_USD", monthSetting: "MODEL_MAX_COST_PER_MONTH_USD" }));
}
