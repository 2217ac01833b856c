import { clsx } from "clsx";
import type { FileKind } from "@/lib/files/mime";

const COLORS: Record<FileKind, string> = {
  pdf: "text-red-600 dark:text-red-400",
  image: "text-violet-600 dark:text-violet-400",
  audio: "text-pink-600 dark:text-pink-400",
  video: "text-fuchsia-600 dark:text-fuchsia-400",
  document: "text-blue-600 dark:text-blue-400",
  spreadsheet: "text-emerald-600 dark:text-emerald-400",
  presentation: "text-orange-600 dark:text-orange-400",
  data: "text-amber-600 dark:text-amber-400",
  text: "text-slate-600 dark:text-slate-300",
  archive: "text-yellow-700 dark:text-yellow-400",
  other: "text-slate-500 dark:text-slate-400",
};

/** The mark drawn inside the page outline, per kind (24x24 grid). */
function Mark({ kind }: { kind: FileKind }) {
  switch (kind) {
    case "pdf":
      return <path d="M8 13h2.5a1.5 1.5 0 0 1 0 3H8v-3Zm0 3v2m5-5v5h1a2.5 2.5 0 0 0 0-5h-1Z" />;
    case "image":
      return (
        <>
          <circle cx="10" cy="12" r="1.3" />
          <path d="m7 18 3.5-3.5 2 2L15 14l2 4H7Z" />
        </>
      );
    case "audio":
      return <path d="M11 17.5V11l5-1.2v6.2M11 17.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm5-1.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />;
    case "video":
      return <path d="m10 11.5 5 3-5 3v-6Z" />;
    case "spreadsheet":
      return <path d="M7.5 11.5h9v6.5h-9v-6.5Zm0 3.25h9M12 11.5V18" />;
    case "presentation":
      return <path d="M8 18v-2.5m3 2.5v-5m3 5v-3.5m3 3.5v-6" />;
    case "data":
      return <path d="M10 11c-1.2 0-1.2.8-1.2 1.8s-.8 1.7-1.3 1.7c.5 0 1.3.6 1.3 1.7s0 1.8 1.2 1.8m4-7c1.2 0 1.2.8 1.2 1.8s.8 1.7 1.3 1.7c-.5 0-1.3.6-1.3 1.7s0 1.8-1.2 1.8" />;
    case "document":
    case "text":
      return <path d="M8 12h8M8 15h8M8 18h5" />;
    case "archive":
      return <path d="M12 8v1.5m0 1.5v1.5m0 1.5v1.5M10.8 16.5h2.4V19h-2.4v-2.5Z" />;
    default:
      return null;
  }
}

/** A page outline in the kind's colour with a small mark; decorative (the type column says it in words). */
export function FileIcon({ kind, className }: { kind: FileKind; className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={clsx("h-5 w-5 shrink-0", COLORS[kind], className)}
    >
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
      <path d="M14 3v5h5" />
      <Mark kind={kind} />
    </svg>
  );
}
