"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { retryAfterOfThrottledSignIn, throttledSignInMessage } from "~/schemas/sign-in";

const WRONG_CREDENTIALS = "That email and password don't match. Check them and try again.";
const UNAVAILABLE = "We couldn't sign you in just now. Please try again in a minute.";

export function SignInForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      // redirect: false keeps us on this page to show the error; success navigates below.
      const result = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
      });
      if (result?.ok && !result.error) {
        router.replace("/dashboard");
        router.refresh();
        return;
      }
      const retryAfter = retryAfterOfThrottledSignIn(result?.error);
      if (retryAfter !== null) setError(throttledSignInMessage(retryAfter));
      else setError(result?.error === "CredentialsSignin" ? WRONG_CREDENTIALS : UNAVAILABLE);
    } catch {
      setError(UNAVAILABLE);
    }
    setPending(false);
  }

  return (
    // method="post": should the form ever be submitted before the page's script runs (slow network,
    // scripts blocked), the browser must not put the password in the URL, where logs and history keep it.
    <form method="post" onSubmit={onSubmit} className="mt-6 space-y-4" aria-describedby={error ? "sign-in-error" : undefined}>
      {error && <ErrorAlert id="sign-in-error">{error}</ErrorAlert>}
      <TextField id="email" label="Email" name="email" type="email" autoComplete="username" inputMode="email" required />
      <TextField id="password" label="Password" name="password" type="password" autoComplete="current-password" required />
      <button type="submit" disabled={pending} className={`${buttonClass("primary")} w-full`}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
