/**
 * The user a management action (disable, enable, password or two-factor reset) is about, and whether
 * the actor may take it:
 *
 * - operators (the console and the CLI) for any user, operators included; the CLI may name a user by
 *   e-mail too. A portal operator never for themselves: their own password and two-factor sign-in are
 *   changed on their security page, and an operator cannot lock themselves out;
 * - an account OWNER for the STAFF of their own account (never themselves, never another OWNER, so an
 *   account can never lock out its last owner);
 * - nobody else. A user of another account reads as unknown, so other tenants' ids cannot be probed.
 */
import type { Role } from "~/generated/prisma/enums";
import { accountWhere } from "~/server/auth/account-scope";
import { isOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { isUuid } from "~/schemas/fields";

export interface ManagedUser {
  id: string;
  email: string;
  role: Role;
  accountId: string | null;
  disabledAt: Date | null;
}

export function assertMayManageUsers(actor: Actor): void {
  if (isOperator(actor)) return;
  if (actor.kind !== "user" || actor.role !== "OWNER") throw new AppError("forbidden", "Only the account owner may manage users.");
}

export async function findManagedUser(client: DbClient, actor: Actor, userRef: string): Promise<ManagedUser> {
  assertMayManageUsers(actor);
  const select = { id: true, email: true, role: true, accountId: true, disabledAt: true } as const;
  const byEmail = actor.kind === "cli" && userRef.includes("@");
  const user = byEmail
    ? await client.user.findUnique({ where: { email: userRef.trim().toLowerCase() }, select })
    : isUuid(userRef)
      ? await client.user.findFirst({ where: { id: userRef, ...accountWhere(actor) }, select })
      : null;
  if (!user) throw new AppError("user.not_found", "No such user.");
  if (actor.kind === "user" && actor.userId === user.id) {
    throw new AppError(
      "forbidden",
      "You cannot do this to your own sign-in; your own password and two-factor sign-in are on your Security page.",
    );
  }
  if (!isOperator(actor) && user.role !== "STAFF") throw new AppError("forbidden", "Account owners may manage staff users only.");
  return user;
}
