"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { retryAfterOfThrottledSignIn, throttledSignInMessage, TWO_FACTOR_EXPIRED, twoFactorStepOf } from "~/schemas/sign-in";

const WRONG_CREDENTIALS = "That email and password don't match. Check them and try again.";
const UNAVAILABLE = "We couldn't sign you in just now. Please try again in a minute.";
const EXPIRED = "The sign-in form had expired. Enter your email and password again.";
const CODE_EXPIRED = "That sign-in took too long or had too many wrong codes. Enter your email and password again.";
const WRONG_CODE = "That code is not right, or was used already. Try the code your app shows now.";

/** next-auth's error code for a refused sign-in, in words. */
function describeRefusal(code: string | null | undefined): string {
  const retryAfter = retryAfterOfThrottledSignIn(code);
  if (retryAfter !== null) return throttledSignInMessage(retryAfter);
  if (code === "csrf") return EXPIRED;
  if (code === TWO_FACTOR_EXPIRED) return CODE_EXPIRED;
  if (twoFactorStepOf(code)?.invalid) return WRONG_CODE;
  return code === "CredentialsSignin" ? WRONG_CREDENTIALS : UNAVAILABLE;
}

/**
 * With its script, the form signs in through next-auth's signIn() and shows a refusal in place.
 * Submitted before the script has run (a slow connection, scripts off), it posts to sign-in/submit and
 * next-auth redirects: to /dashboard, or back here with the refusal's code in `refusedAs`.
 *
 * A user with two-factor sign-in is asked for a code next: the password step answers with a challenge
 * (schemas/sign-in.ts), and the same form, now showing one code field, posts the challenge and the code
 * the same two ways. The password is not kept.
 */
export function SignInForm({ csrfToken, refusedAs }: { csrfToken: string; refusedAs: string | null }) {
  const router = useRouter();
  const firstStep = twoFactorStepOf(refusedAs);
  const [challenge, setChallenge] = useState<string | null>(firstStep?.challenge ?? null);
  const [error, setError] = useState<string | null>(refusedAs && !(firstStep && !firstStep.invalid) ? describeRefusal(refusedAs) : null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      // redirect: false keeps us on this page to show the error; success navigates below.
      const result = await signIn("credentials", {
        ...(challenge
          ? { challenge, code: String(form.get("code") ?? "") }
          : { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") }),
        redirect: false,
      });
      if (result?.ok && !result.error) {
        router.replace("/dashboard");
        router.refresh();
        return;
      }
      const step = twoFactorStepOf(result?.error);
      setChallenge(step?.challenge ?? null);
      if (!step || step.invalid) setError(describeRefusal(result?.error));
    } catch {
      setError(UNAVAILABLE);
    }
    setPending(false);
  }

  return (
    // method="post" also keeps the password out of the URL, where logs and history would keep it.
    <form
      method="post"
      action="/sign-in/submit"
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 space-y-4"
      aria-describedby={error ? "sign-in-error" : undefined}
    >
      {error && <ErrorAlert id="sign-in-error">{error}</ErrorAlert>}
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="callbackUrl" value="/dashboard" />
      {challenge ? (
        <>
          <input type="hidden" name="challenge" value={challenge} />
          <TextField
            key="code"
            id="code"
            label="Authentication code"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            name="code"
            autoComplete="one-time-code"
            required
            autoFocus
          />
        </>
      ) : (
        <>
          <TextField id="email" label="Email" name="email" type="email" autoComplete="username" inputMode="email" required />
          <TextField id="password" label="Password" name="password" type="password" autoComplete="current-password" required />
        </>
      )}
      <button type="submit" disabled={pending} className={`${buttonClass("primary")} w-full`}>
        {pending ? "Signing in…" : challenge ? "Verify" : "Sign in"}
      </button>
      {challenge && (
        <button type="button" onClick={() => (setChallenge(null), setError(null))} className={`${buttonClass("secondary")} w-full`}>
          Start again
        </button>
      )}
    </form>
  );
}
