import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { EarlyInputScript } from "@/components/ui/early-input/early-input-script";
import "./globals.css";

// Every page carries a per-request CSP nonce (proxy.ts), which Next can only put on its scripts
// when the page is rendered per request.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Gatehouse", template: "%s · Gatehouse" },
  description: "A dashboard for OpenRouter-compatible model gateways",
  // The mark lives in app/icon.svg; favicon.ico (for clients that ask for it by name or cannot use SVG) and the
  // full-bleed apple-icon.png in public/ are rendered from it. Listed here so every page links all three.
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: [{ url: "/apple-icon.png", sizes: "180x180", type: "image/png" }],
  },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en">
      <head>
        {/* Before any control: a click or a choice made before the page is interactive waits for it (convention 26). */}
        <EarlyInputScript nonce={nonce} />
      </head>
      <body className="min-h-full font-sans">{children}</body>
    </html>
  );
}
