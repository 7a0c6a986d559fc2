/**
 * The one Prisma client of a process, over node-postgres through the driver adapter (the Rust-free
 * client; see README "Why Prisma 6.19"). Development hot reloads would otherwise open a pool per reload.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "~/env";

export type Db = PrismaClient;
/** What a service function accepts: the client itself or an interactive-transaction client. */
export type DbClient = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

function createClient(): PrismaClient {
  const url = process.env.DATABASE_URL ?? env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set; start through `npm run dev` / `npm start`, which provide one");
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: env.DATABASE_POOL_SIZE }) });
}

const globalForDb = globalThis as unknown as { db?: PrismaClient };

let client: PrismaClient | undefined = globalForDb.db;
function getClient(): PrismaClient {
  if (!client) {
    client = createClient();
    if (env.NODE_ENV !== "production") globalForDb.db = client;
  }
  return client;
}

/**
 * Created on first use, not on import: `next build` imports every route module to read its config,
 * with no database (and no DATABASE_URL) anywhere in sight.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const target = getClient();
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});
