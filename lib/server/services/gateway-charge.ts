import "server-only";
import { appContext } from "../config/app-context";
import { chargeUser } from "../config/user-limits";

/**
 * What a read costs its user: one point of their "gateway" limit (user-limits.ts) per gateway call it makes,
 * whoever asks for it: an /api route or a server page's prefetch. The services call it with the number of
 * calls they are about to make, before making them; past the limit it throws the 429 and no call is made.
 */
export type GatewayCharge = (calls: number) => Promise<void>;

/** For a server page's prefetch: every gateway call is charged here (nothing charged the page before). */
export function pageCharge(userId: string): GatewayCharge {
  return chargeCalls(userId, 0);
}

/** For an /api route with `limit: "gateway"`: defineRoute took the first call's point already. */
export function routeCharge(userId: string): GatewayCharge {
  return chargeCalls(userId, 1);
}

function chargeCalls(userId: string, prepaid: number): GatewayCharge {
  let credit = prepaid;
  return async (calls) => {
    const covered = Math.min(credit, calls);
    credit -= covered;
    if (calls - covered > 0) await chargeUser((await appContext()).db, "gateway", userId, calls - covered);
  };
}
