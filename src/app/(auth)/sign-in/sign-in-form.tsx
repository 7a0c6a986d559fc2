"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
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
      {error && (
        <p
          id="sign-in-error"
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      )}
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-700">
          Email
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30"
        />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-700">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30"
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-70"
      >
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
