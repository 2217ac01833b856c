"use client";

import { Select } from "@/components/ui/input";

/** Chooses which version of a set the page shows: the newest (editable for editors) or an older one, read only. */
export function VersionPicker({ shown, latest, onChange }: { shown: number; latest: number; onChange: (version: number) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="font-medium">Version</span>
      <Select className="h-8 w-auto py-0" value={shown} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: latest }, (_, index) => latest - index).map((version) => (
          <option key={version} value={version}>
            v{version}
            {version === latest ? " (newest)" : ""}
          </option>
        ))}
      </Select>
    </label>
  );
}
