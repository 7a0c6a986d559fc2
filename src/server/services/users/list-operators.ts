/** The service's operators, for the operator console's Operators page: who, whether two-factor sign-in is on, whether disabled. */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";

export interface OperatorView {
  userId: string;
  email: string;
  name: string | null;
  createdAt: Date;
  disabledAt: Date | null;
  twoFactorOn: boolean;
  isYou: boolean;
}

export async function listOperators(actor: Actor): Promise<OperatorView[]> {
  assertOperator(actor);
  const users = await db.user.findMany({
    where: { role: "OPERATOR" },
    select: { id: true, email: true, name: true, createdAt: true, disabledAt: true, totpEnabledAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return users.map((user) => ({
    userId: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.createdAt,
    disabledAt: user.disabledAt,
    twoFactorOn: user.totpEnabledAt !== null,
    isYou: actor.kind === "user" && actor.userId === user.id,
  }));
}
