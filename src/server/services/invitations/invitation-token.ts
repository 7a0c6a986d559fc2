/**
 * The secret in an invitation link, and what makes an invitation pending. The token is 32 random bytes
 * (256 bits, base64url), shown to the owner once inside the link; only its SHA-256 is stored, as API
 * keys' are (docs/decisions/011-api-key-format.md): so much randomness needs no slow hash.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";

/** How long a link stays good (docs/decisions/022-staff-invitations.md). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a token; null for anything that cannot be one (answered as unknown). */
export function invitationTokenHash(token: string): string | null {
  return TOKEN_SHAPE.test(token) ? createHash("sha256").update(token).digest("hex") : null;
}

/**
 * Pending, as of `now`: neither accepted nor revoked, not expired, and its inviter still an active
 * OWNER. An owner who is disabled or loses the role takes their open invitations with them, so a link
 * they kept cannot add anyone after they have gone.
 */
export function pendingInvitation(now: Date): Prisma.StaffInvitationWhereInput {
  return {
    acceptedAt: null,
    revokedAt: null,
    expiresAt: { gt: now },
    createdBy: { is: { role: "OWNER", disabledAt: null } },
  };
}
