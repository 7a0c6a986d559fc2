/**
 * Opening or using an invitation link counts as a sign-in attempt from its address (sign-in-throttle.ts):
 * a point is taken before the token is looked up, and given back when it names a pending invitation, so
 * only unknown, expired, revoked or used links add up. The token has 256 bits and cannot be guessed;
 * the throttle keeps a machine trying links as slow as one trying passwords, on the same counter.
 */
import { signInThrottle, SignInThrottledError, type SignInAttempt } from "~/server/auth/sign-in-throttle";
import { AppError } from "~/server/errors";

export async function beginInvitationLinkAttempt(sourceIp: string | null): Promise<SignInAttempt> {
  try {
    return await signInThrottle().begin(null, sourceIp);
  } catch (error) {
    if (error instanceof SignInThrottledError) {
      throw new AppError("rate_limit.exceeded", `Too many attempts; try again in ${Math.ceil(error.retryAfterSeconds / 60)} minutes.`);
    }
    throw error;
  }
}
