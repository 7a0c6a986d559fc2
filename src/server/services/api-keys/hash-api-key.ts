/**
 * The one way an API key is turned into what the database stores. Keys carry 238 bits of entropy
 * (40 base62 characters), so a fast unsalted hash is safe and lets authentication find a key with a
 * single indexed look-up; a slow password hash would only add latency to every request.
 */
import { createHash } from "node:crypto";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
