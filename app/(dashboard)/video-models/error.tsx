"use client";

import { pageError } from "@/components/ui/page-error";

/** Shown instead of a page of this group whose render (a server loader, say) threw. */
export default pageError("The video models");
