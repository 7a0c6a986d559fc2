import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "~/trpc/react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Reseller Portal",
  description: "Buy data, airtime and bill payments from your prepaid wallet.",
  // From public/; favicon.ico also answers browsers that ask for it without reading the page.
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * Every page is rendered per request, never prerendered at build time: the Content-Security-Policy
 * allows only scripts carrying the request's nonce (src/server/http/security-headers.ts), and a page
 * built ahead of time has none. The portal's pages read the session and were dynamic anyway; this
 * covers the few that were not (the root redirect, the 404 page).
 */
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // British English, as the dates are written ("23 Nov 2026") and as Nigeria writes them; a browser
    // that honours it shows date inputs as dd/mm/yyyy too.
    <html lang="en-GB">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <TRPCReactProvider>{children}</TRPCReactProvider>
      </body>
    </html>
  );
}
