"use client";

import { useQuery } from "@tanstack/react-query";
import { presetQueries } from "@/lib/client/queries/presets";

/** Who saved a version of the preset, from its audit log (fetched only while `enabled`); null when unknown. */
export function useVersionAuthor(slug: string, enabled: boolean): (version: number) => string | null {
  const audit = useQuery({ ...presetQueries.audit(slug), enabled });
  return (version: number) => {
    const entry = audit.data?.find((item) => item.version === version);
    return entry ? entry.user_name || entry.user_email : null;
  };
}
