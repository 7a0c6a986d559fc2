/**
 * One-time recovery codes for a user who has lost their authenticator: ten per set, shown once, stored
 * as SHA-256 only. Each is 16 characters of a 31-letter alphabet (79 random bits), so a fast hash is
 * as safe here as for API keys, and a typed code is found with one indexed look-up.
 */
import { createHash, randomInt } from "node:crypto";

export const RECOVERY_CODES_PER_SET = 10;
// No 0/O, 1/l/i: people copy these from paper.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES_PER_SET }, () => {
    const letters = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return letters.match(/.{4}/g)!.join("-");
  });
}

/** A recovery code as typed (any case, spaces or dashes) to its stored form; null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const letters = typed.toLowerCase().replace(/[\s-]/g, "");
  return letters.length === 16 && [...letters].every((letter) => ALPHABET.includes(letter)) ? letters : null;
}

export function hashRecoveryCode(normalized: string): string {
  return createHash("sha256").update(normalized).digest("hex");
}

/** Whether typed input looks like a recovery code rather than a 6-digit TOTP code. */
export function isRecoveryCodeShape(typed: string): boolean {
  return normalizeRecoveryCode(typed) !== null;
}
