import { clsx } from "clsx";
import type { CostEstimate } from "@/lib/video-models/cost";
import { formatUsd } from "@/lib/video-models/money";
import { describeSku, parseSkus } from "@/lib/video-models/sku";

/** Every SKU of a model as a readable row: its name, its price, and what the name says the price is for. */
export function PricingTable({ pricing, estimate, caption }: { pricing: Record<string, string> | null | undefined; estimate?: CostEstimate; caption: string }) {
  const skus = parseSkus(pricing);
  if (skus.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No prices published.</p>;
  const used = estimate?.kind === "estimate" ? estimate.sku.name : null;
  return (
    <table className="w-full text-left text-xs">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">SKU and what it prices</th>
          <th scope="col">Price</th>
        </tr>
      </thead>
      <tbody>
        {skus.map((sku) => (
          <tr key={sku.name} className={clsx("border-t border-slate-100 first:border-t-0 dark:border-slate-800", used === sku.name && "bg-brand-50 dark:bg-brand-700/20")}>
            <th scope="row" className="py-1 pl-1 pr-2 align-top font-normal">
              <span className="block break-all font-mono text-slate-900 dark:text-slate-100">{sku.name}</span>
              <span className={clsx("block", sku.unit === null ? "font-medium text-amber-800 dark:text-amber-200" : "text-slate-600 dark:text-slate-400")}>
                {describeSku(sku)}
                {used === sku.name ? <span className="sr-only"> (used for the estimate)</span> : null}
              </span>
            </th>
            <td className="whitespace-nowrap py-1 pr-1 text-right align-top text-sm font-medium tabular-nums">
              {/* A word we cannot read may be the currency ("credits"): show the value as sent, not as dollars. */}
              {sku.usd === null || sku.unknownTerms.length > 0 ? sku.price : formatUsd(sku.usd)}
              {sku.currency === "cents" && sku.usd !== null ? <span className="block text-[11px] font-normal text-slate-600 dark:text-slate-400">{sku.price}¢</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
