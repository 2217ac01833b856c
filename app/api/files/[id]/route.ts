import { deleteFile, getFile } from "@/lib/server/handlers/files";

export const dynamic = "force-dynamic";
export const GET = getFile;
export const DELETE = deleteFile;
