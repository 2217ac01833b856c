const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdFine = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * "$1.20", and for sub-dollar unit prices up to four decimals ("$0.0125") so a per-second price is not
 * rounded to "$0.01". Float noise from multiplying (0.1 × 8 = 0.8000000000000002) disappears here.
 */
export function formatUsd(value: number): string {
  return Math.abs(value) < 1 ? usdFine.format(value) : usd.format(value);
}
