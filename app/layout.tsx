import type { Metadata, Viewport } from "next";
import "./globals.css";

// Every page carries a per-request CSP nonce (proxy.ts), which Next can only put on its scripts
// when the page is rendered per request.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Gatehouse", template: "%s · Gatehouse" },
  description: "A dashboard for OpenRouter-compatible model gateways",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#020617" },
  ],
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-full font-sans">{children}</body>
    </html>
  );
}
