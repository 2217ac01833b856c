import { listFiles, uploadFile } from "@/lib/server/handlers/files";

export const dynamic = "force-dynamic";
export const GET = listFiles;
export const POST = uploadFile;
