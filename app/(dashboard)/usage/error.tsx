"use client";

// Shown instead of a page of this group whose render threw (a server loader, a part whose code could not be
// fetched), inside the dashboard's layout so the navigation stays.
export { RouteError as default } from "@/components/ui/route-error";
