/**
 * Password hashing for portal users: bcrypt (bcryptjs, pure JavaScript, so nothing native to build),
 * deliberately slow. BCRYPT_COST may lower it in tests; never below 10.
 */
import bcrypt from "bcryptjs";

const COST = Math.max(10, Number(process.env.BCRYPT_COST ?? 12));

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
