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

export const db: PrismaClient = globalForDb.db ?? createClient();
if (env.NODE_ENV !== "production") globalForDb.db = db;
