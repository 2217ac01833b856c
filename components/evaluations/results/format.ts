/** Number formats of the results views. */
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });

export function formatUsd(value: number | null): string {
  if (value === null) return "–";
  return value > 0 && value < 0.0001 ? "<$0.0001" : USD.format(value);
}

export function formatMs(value: number | null): string {
  if (value === null) return "–";
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(value < 10_000 ? 2 : 1)} s`;
}

export function formatPercent(value: number | null, digits = 0): string {
  return value === null ? "–" : `${(value * 100).toFixed(digits)}%`;
}

export function formatNumber(value: number | null, digits = 2): string {
  return value === null ? "–" : Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

/** A cost in a narrow table cell: cents below a dollar ("0.53¢"), so a fraction of a cent is never cut to "<$0.00…". */
export function formatUsdCell(value: number | null): string {
  if (value === null) return "–";
  if (value >= 1) return `$${value.toFixed(2)}`;
  const cents = value * 100;
  if (cents > 0 && cents < 0.01) return "<0.01¢";
  return `${cents < 10 ? cents.toFixed(2) : cents.toFixed(1)}¢`;
}
