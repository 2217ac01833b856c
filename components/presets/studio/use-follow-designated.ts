"use client";

import { useCallback, useEffect, useRef } from "react";
import type { PresetVersion } from "@/lib/contract/gateway";

/**
 * Someone (another tab, a restore) may move the designated version on while the editor is open.
 * A clean editor follows it (`follow` is called with the new version); a dirty one keeps its base
 * and learns about it at save. Returns `acknowledge`, for a version this editor designated itself.
 */
export function useFollowDesignated(
  designated: PresetVersion | null,
  dirty: boolean,
  base: PresetVersion | null,
  follow: (version: PresetVersion) => void,
): (id: string) => void {
  const lastDesignatedId = useRef(designated?.id ?? null);
  useEffect(() => {
    const id = designated?.id ?? null;
    if (id === lastDesignatedId.current) return;
    lastDesignatedId.current = id;
    if (designated && !dirty && designated.id !== base?.id) follow(designated);
  }, [designated, dirty, base, follow]);
  return useCallback((id: string) => {
    lastDesignatedId.current = id;
  }, []);
}
