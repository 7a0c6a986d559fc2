/**
 * Environment for running the Prisma CLI offline (see prisma.config.ts). With `engine: "js"` the
 * native engines are never executed, but the CLI still tries to download them unless these point at
 * an existing file; the package's own package.json serves.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function prismaCliEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const placeholder = require.resolve("prisma/package.json");
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PRISMA_SCHEMA_ENGINE_BINARY: placeholder,
    PRISMA_QUERY_ENGINE_LIBRARY: placeholder,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  };
}

export function prismaBin(): string {
  return require.resolve("prisma/build/index.js");
}
