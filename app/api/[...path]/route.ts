import { notFoundRoute } from "@/lib/server/handlers/not-found";

// Unknown /api paths answer in the contract's error shape instead of Next's HTML 404 page.
export const dynamic = "force-dynamic";
export const GET = notFoundRoute;
export const POST = notFoundRoute;
export const PUT = notFoundRoute;
export const PATCH = notFoundRoute;
export const DELETE = notFoundRoute;
