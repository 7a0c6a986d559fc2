/**
 * Lets a service function run either in a transaction of its own or inside one its caller already
 * holds (the demo seed runs many services under one advisory lock). A caller that passes a client
 * owns the transaction: it commits or rolls back everything together.
 */
import { db } from "~/server/db";
import type { DbClient } from "~/server/db";

export function inTransaction<T>(client: DbClient | undefined, work: (tx: DbClient) => Promise<T>): Promise<T> {
  if (client) return work(client);
  return db.$transaction((tx) => work(tx));
}
