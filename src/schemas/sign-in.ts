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
