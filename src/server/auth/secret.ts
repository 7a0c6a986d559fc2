/**
 * The portal session secret. Production deployments set AUTH_SECRET; without one (the two-command
 * start on a fresh machine) a random secret is generated once and kept in the data folder, so
 * sessions survive restarts and every process of one installation agrees on it.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const SECRET_FILE = path.resolve(".data/auth-secret");

export function ensureAuthSecret(configured: string | undefined): string {
  if (configured) return configured;
  if (existsSync(SECRET_FILE)) return readFileSync(SECRET_FILE, "utf8").trim();
  mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // "wx" fails if another process created it first; then theirs wins.
  try {
    writeFileSync(SECRET_FILE, secret, { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return readFileSync(SECRET_FILE, "utf8").trim();
  }
}
