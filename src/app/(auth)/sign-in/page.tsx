import { randomBytes } from "node:crypto";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { GATE_PAGES, getSignedInSession } from "~/server/auth/session";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in · Reseller Portal" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Someone already signed in has nothing to do here (or must first finish their sign-in's next step).
  const session = await getSignedInSession();
  if (session) redirect(session.gate ? GATE_PAGES[session.gate] : "/dashboard");
  const { error, csrf } = await searchParams;

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-emerald-700">Reseller Portal</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Sign in</h1>
        <p className="mt-2 text-sm text-slate-600">Use the email address and password your operator gave you.</p>
        {/* A token for the form's way without the script (sign-in/submit/route.ts); a fresh one per page. */}
        <SignInForm
          csrfToken={randomBytes(32).toString("hex")}
          refusedAs={csrf === "true" ? "csrf" : typeof error === "string" ? error : null}
        />
      </div>
    </main>
  );
}
