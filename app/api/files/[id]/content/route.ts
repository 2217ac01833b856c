import { downloadFile } from "@/lib/server/handlers/files";

export const dynamic = "force-dynamic";
export const GET = downloadFile;
