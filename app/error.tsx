"use client";

import { pageError } from "@/components/ui/page-error";

/** Above the dashboard's layout: its session check (the app database unreachable, say) threw. */
export default pageError("Gatehouse");
