/**
 * Password hashing for portal users: bcrypt (bcryptjs, pure JavaScript, so nothing native to build),
 * deliberately slow. BCRYPT_COST may lower it in tests; src/env.ts refuses anything below 10.
 */
import bcrypt from "bcryptjs";
import { env } from "~/env";

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, env.BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
