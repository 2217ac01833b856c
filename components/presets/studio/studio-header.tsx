import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import type { PresetWithDesignatedVersion } from "@/lib/contract/gateway";
import { evaluateVersionsHref } from "@/lib/evaluations/runs/links";
import { tryPresetHref } from "@/lib/playground/preset-links";
import { presetModel } from "@/lib/presets/preset-model";
import { CopyCodeButton } from "../copy-code-button";

/** The studio's breadcrumb and title: the preset's name, model, status and designated version, and what to do with it. */
export function StudioHeader({ slug, preset }: { slug: string; preset: PresetWithDesignatedVersion | null }) {
  return (
    <>
    <nav aria-label="Breadcrumb" className="text-sm">
      <Link href="/presets" className="text-brand-700 underline underline-offset-2 dark:text-brand-100">
        Presets
      </Link>
      <span aria-hidden className="mx-1.5 text-slate-400">
        /
      </span>
      <span className="text-slate-600 dark:text-slate-400">{slug}</span>
    </nav>
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="break-all text-2xl font-semibold tracking-tight">{preset?.name ?? slug}</h1>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <code className="font-mono text-xs">{presetModel(slug)}</code>
          {preset ? (
            <>
              <Badge tone={preset.status === "active" ? "green" : "neutral"}>{preset.status}</Badge>
              {preset.designated_version ? <Badge tone="brand">designated v{preset.designated_version.version}</Badge> : null}
              <span>
                updated <RelativeTime value={preset.updated_at} />
              </span>
            </>
          ) : (
            <Badge tone="amber">not created yet</Badge>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {preset ? (
          <>
            <Button asChild>
              <Link href={tryPresetHref(slug)}>Try in playground</Link>
            </Button>
            <CopyCodeButton slug={slug} />
            {preset.designated_version ? (
              <Button asChild>
                <Link href={evaluateVersionsHref(slug, [preset.designated_version.version])}>Evaluate</Link>
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
    </>
  );
}
