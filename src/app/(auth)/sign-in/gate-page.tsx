import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { GATE_PAGES, getSignedInSession } from "~/server/auth/session";
import type { SessionGate } from "~/server/services/sessions/session-user";
import { GateStep } from "./gate-step";

/** A gate's page: only for a session at that gate; anyone else is sent where they belong. */
export async function GatePage({ gate, title, children }: { gate: SessionGate; title: string; children: ReactNode }) {
  const session = await getSignedInSession();
  if (!session) redirect("/sign-in");
  if (session.gate !== gate) redirect(session.gate ? GATE_PAGES[session.gate] : "/dashboard");
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-emerald-700">Reseller Portal</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="mt-2 space-y-2 text-sm text-slate-600">{children}</div>
        <p className="mt-2 text-sm break-words text-slate-600">Signed in as {session.actor.email}.</p>
        <GateStep step={gate} />
      </div>
    </main>
  );
}
