/**
 * How a throttled sign-in reaches the browser. next-auth hands a message thrown by authorize() to the
 * client as the sign-in's error code, so the code carries the wait: "TooManySignInAttempts:<seconds>".
 */
const THROTTLED_PREFIX = "TooManySignInAttempts:";

export function throttledSignInCode(retryAfterSeconds: number): string {
  return `${THROTTLED_PREFIX}${Math.max(1, Math.ceil(retryAfterSeconds))}`;
}

/** The seconds to wait when the code is a throttled sign-in's, else null. */
export function retryAfterOfThrottledSignIn(code: string | null | undefined): number | null {
  if (!code?.startsWith(THROTTLED_PREFIX)) return null;
  const seconds = Number(code.slice(THROTTLED_PREFIX.length));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

export function throttledSignInMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts; try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * Two-factor sign-in, in the same channel: a right password of a user with two-factor sign-in is
 * answered "TwoFactorRequired:<challenge>", and the form then posts the challenge with a code (a
 * wrong code: "TwoFactorInvalid:<challenge>", the same challenge to try again; too late or too many
 * tries: "TwoFactorExpired"). The challenge is a single-use token good for five minutes; it proves the
 * password, never the code.
 */
const TWO_FACTOR_REQUIRED = "TwoFactorRequired:";
const TWO_FACTOR_INVALID = "TwoFactorInvalid:";
export const TWO_FACTOR_EXPIRED = "TwoFactorExpired";
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function twoFactorRequiredCode(challenge: string, invalid = false): string {
  return `${invalid ? TWO_FACTOR_INVALID : TWO_FACTOR_REQUIRED}${challenge}`;
}

/** The challenge a refusal asks a code for, and whether the last code was wrong; null for other refusals. */
export function twoFactorStepOf(code: string | null | undefined): { challenge: string; invalid: boolean } | null {
  for (const [prefix, invalid] of [
    [TWO_FACTOR_REQUIRED, false],
    [TWO_FACTOR_INVALID, true],
  ] as const) {
    if (code?.startsWith(prefix)) {
      const challenge = code.slice(prefix.length);
      return CHALLENGE.test(challenge) ? { challenge, invalid } : null;
    }
  }
  return null;
}

export function isChallengeToken(value: string): boolean {
  return CHALLENGE.test(value);
}
