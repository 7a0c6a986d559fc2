/**
 * Temporary passwords, made up by the service when an operator (or an owner, for their staff) resets a
 * password or re-enables a user: shown once to whoever asked, good for one sign-in within a day, after
 * which the session can do nothing but choose a new password.
 */
import { randomInt } from "node:crypto";

export const TEMPORARY_PASSWORD_LIFETIME_MS = 24 * 60 * 60 * 1000;
// No 0/O, 1/l/i: it is read out or typed from a message.
const ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** 20 characters of a 55-letter alphabet (about 115 random bits), in groups of five. */
export function newTemporaryPassword(): string {
  const letters = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return letters.match(/.{5}/g)!.join("-");
}
