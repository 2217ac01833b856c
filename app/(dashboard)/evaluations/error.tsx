"use client";

// Shown instead of an evaluations page whose render threw (a server loader, a part whose code could not be
// fetched), inside the dashboard's layout so the navigation stays. One boundary for the whole group.
export { RouteError as default } from "@/components/ui/route-error";
