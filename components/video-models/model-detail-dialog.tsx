"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { useCopyToClipboard } from "@/components/ui/use-copy-to-clipboard";
import type { VideoModel } from "@/lib/contract/gateway";
import type { CostEstimate, CostSettings } from "@/lib/video-models/cost";
import { formatReleaseDate, providerOf } from "@/lib/video-models/model-facts";
import { EstimateLabel } from "./estimate-label";
import { PricingTable } from "./pricing-table";

/** A drawer with one model: summary, every SKU, and the model exactly as the gateway sent it. */
export function ModelDetailDialog({
  model,
  estimate,
  settings,
  onClose,
  onCloseAutoFocus,
}: {
  model: VideoModel | null;
  estimate: CostEstimate | null;
  settings: CostSettings;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { state: copyState, copy } = useCopyToClipboard();
  const copied = copyState === "copied";
  const json = model ? JSON.stringify(model, null, 2) : "";

  return (
    <Dialog open={model !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {model ? (
        <DialogContent side="right" title={model.name} description={model.id} className="sm:max-w-xl" data-testid="model-detail" onCloseAutoFocus={onCloseAutoFocus}>
          <div className="space-y-5">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600 dark:text-slate-400">Provider</dt>
              <dd>{providerOf(model) ?? "Not stated"}</dd>
              <dt className="text-slate-600 dark:text-slate-400">Canonical slug</dt>
              <dd className="break-all font-mono text-xs">{model.canonical_slug}</dd>
              <dt className="text-slate-600 dark:text-slate-400">Released</dt>
              <dd>{formatReleaseDate(model.created)}</dd>
            </dl>
            {model.description ? <p className="text-sm text-slate-700 dark:text-slate-300">{model.description}</p> : null}
            <section className="space-y-2">
              <h3 className="text-sm font-semibold">Pricing</h3>
              <PricingTable pricing={model.pricing_skus} estimate={estimate ?? undefined} caption={`Prices of ${model.name}`} />
              {estimate ? <EstimateLabel estimate={estimate} settings={settings} /> : null}
            </section>
            <section className="space-y-2">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-semibold" id="raw-json-heading">
                  Raw JSON
                </h3>
                <Button size="sm" onClick={() => void copy(json)}>
                  {copied ? "Copied" : "Copy JSON"}
                </Button>
              </div>
              <pre
                role="region"
                aria-labelledby="raw-json-heading"
                tabIndex={0}
                data-testid="model-raw-json"
                className="max-h-[50vh] overflow-auto rounded-md bg-slate-100 p-3 font-mono text-xs leading-relaxed dark:bg-slate-800"
              >
                {json}
              </pre>
              <span className="sr-only" role="status">
                {copied ? "JSON copied to the clipboard" : ""}
              </span>
            </section>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
