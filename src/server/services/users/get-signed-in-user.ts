/**
 * Who is signed in to the portal, as the page header shows them: the session's user and the name of
 * their own account (null for operators, who have none). Only the actor's own account is read.
 */
import type { Role } from "~/generated/prisma/enums";
import type { Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";

export interface SignedInUserView {
  email: string;
  role: Role;
  accountId: string | null;
  accountName: string | null;
}

export async function getSignedInUser(actor: Extract<Actor, { kind: "user" }>, client: DbClient = db): Promise<SignedInUserView> {
  const account = actor.accountId ? await client.account.findUnique({ where: { id: actor.accountId }, select: { name: true } }) : null;
  return { email: actor.email, role: actor.role, accountId: actor.accountId, accountName: account?.name ?? null };
}
