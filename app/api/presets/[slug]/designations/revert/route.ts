import { revertPresetDesignation } from "@/lib/server/handlers/release-gates";

export const dynamic = "force-dynamic";
export const POST = revertPresetDesignation;
