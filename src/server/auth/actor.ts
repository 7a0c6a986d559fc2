/**
 * Who is calling a service function. Every service takes an Actor; role checks happen in the service
 * layer through these helpers, and the account it acts on through account-scope.ts, never in a
 * transport.
 */
import type { Role } from "~/generated/prisma/enums";
import { actingAccountId } from "~/server/auth/account-scope";
import { AppError } from "~/server/errors";

export type Actor =
  /** The operator command line: operator rights, identified by the OS user running it. */
  | { kind: "cli"; label: string }
  /**
   * A signed-in portal user. Operators have accountId null. livemode false: the portal's "Test data"
   * switch is on (docs/integrating.md "Test mode"); absent means live.
   */
  | {
      kind: "user";
      userId: string;
      email: string;
      role: Role;
      accountId: string | null;
      sourceIp: string | null;
      livemode?: boolean;
      /** The portal session (user_sessions row) the request came with; absent outside a request. */
      sessionId?: string;
    }
  /** A reseller's server holding an API key; livemode false for a pk_test_ key (absent means live). */
  | {
      kind: "api-key";
      apiKeyId: string;
      accountId: string;
      sourceIp: string;
      livemode?: boolean;
    }
  /** The service itself (seeding, the reconciler). */
  | { kind: "system" };

/**
 * A purchase's begin statement found the key it was authorised from memory revoked, or its account's
 * allowlist or settings changed, since it was remembered (src/server/rest/purchase-route.ts).
 */
export class KeyAuthorizationChanged extends Error {
  constructor() {
    super("The API key or its account changed since this process remembered it.");
  }
}

/**
 * The mode an actor works in, decided once where the actor is made (the API key's mode at
 * authentication, the portal's switch at sign-in): false is test mode, with its own wallet,
 * transactions and webhook endpoints. The CLI, the system and operators always work live.
 */
export function actorLivemode(actor: Actor): boolean {
  if (actor.kind === "api-key") return actor.livemode !== false;
  if (actor.kind === "user") return actor.role === "OPERATOR" || actor.livemode !== false;
  return true;
}

export function isOperator(actor: Actor): boolean {
  return actor.kind === "cli" || actor.kind === "system" || (actor.kind === "user" && actor.role === "OPERATOR");
}

export function assertOperator(actor: Actor): void {
  if (!isOperator(actor)) throw new AppError("forbidden", "Only operators may do this.");
}

/** The account's OWNER, or an operator; account scope as in account-scope.ts. */
export function assertOwnerOrOperator(actor: Actor, accountId: string): void {
  actingAccountId(actor, accountId);
  if (actor.kind === "user" && actor.role === "STAFF") throw new AppError("forbidden", "Only the account owner may do this.");
  if (actor.kind === "api-key") throw new AppError("forbidden", "This is not available with an API key.");
}

/** The account's OWNER, one of the account's API keys (a reseller's automation), or an operator. */
export function assertOwnerApiKeyOrOperator(actor: Actor, accountId: string): void {
  actingAccountId(actor, accountId);
  if (actor.kind === "user" && actor.role === "STAFF") throw new AppError("forbidden", "Only the account owner may do this.");
}
