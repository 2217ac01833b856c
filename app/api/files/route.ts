import { fastLane } from "@/lib/server/fast-lane-route";
import { listFiles, uploadFile } from "@/lib/server/handlers/files";

export const dynamic = "force-dynamic";
export const GET = fastLane(listFiles);
export const POST = uploadFile;
