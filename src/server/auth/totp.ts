/**
 * TOTP (RFC 6238) codes for two-factor sign-in, through the `otpauth` library: SHA-1, 6 digits, 30 s,
 * what every authenticator app reads from a QR code. A code is accepted one step either side of now
 * (clocks drift) and only for a step later than the last one accepted for that user (RFC 6238 §5.2:
 * a code is good once), which the caller records atomically (acceptTotpStep in two-factor-code.ts).
 */
import { Secret, TOTP } from "otpauth";

const PERIOD_SECONDS = 30;
export const TOTP_ISSUER = "Reseller Portal";

function totpFor(secret: string, account: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh secret: 160 random bits, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: string): string {
  return totpFor(secret, account).toString();
}

/** The time step a code is good for (now, or one step either side), or null when it is not a code of this secret. */
export function matchingTotpStep(secret: string, code: string, now: number = Date.now()): bigint | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    timestamp: now,
    window: 1,
  });
  return delta === null ? null : BigInt(Math.floor(now / 1000 / PERIOD_SECONDS) + delta);
}

/** The current code of a secret: for the demo's `npm run demo:totp` and for tests. */
export function currentTotpCode(secret: string, now: number = Date.now()): string {
  return totpFor(secret, "code").generate({ timestamp: now });
}
