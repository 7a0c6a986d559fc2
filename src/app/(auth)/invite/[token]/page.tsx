import type { Metadata } from "next";
import Link from "next/link";
import { linkClass } from "~/components/ui/buttons";
import { isAppError } from "~/server/errors";
import { requestSourceAddress } from "~/server/http/request-source-address";
import { findInvitationByToken } from "~/server/services/invitations/find-invitation-by-token";
import { AcceptInvitationForm } from "./accept-invitation-form";
import { LINK_NOT_USABLE } from "./messages";

export const metadata: Metadata = { title: "Join a team · Reseller Portal", robots: { index: false, follow: false } };

/**
 * A staff invitation's link (docs/security.md "Staff invitations"): public, the token in the path is
 * the proof. A pending invitation shows its account and address and the form to accept it; any other
 * link (unknown, expired, revoked, used) gets one neutral message. Throttled as sign-in is.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  let invitation;
  try {
    invitation = await findInvitationByToken(token, { sourceIp: await requestSourceAddress() });
  } catch (error) {
    if (!isAppError(error) || error.code !== "rate_limit.exceeded") throw error;
    return (
      <InvitationCard title="Too many attempts">
        <p>{error.message}</p>
      </InvitationCard>
    );
  }

  if (!invitation) {
    return (
      <InvitationCard title="This invitation link cannot be used">
        <p>{LINK_NOT_USABLE}</p>
        <p>
          Already joined?{" "}
          <Link href="/sign-in" className={linkClass}>
            Sign in
          </Link>
          .
        </p>
      </InvitationCard>
    );
  }

  return (
    <InvitationCard title={`Join ${invitation.accountName}`}>
      <p>
        You have been invited to the Reseller Portal as staff of <strong className="font-semibold">{invitation.accountName}</strong>, to
        sign in as <strong className="font-semibold break-all">{invitation.email}</strong>.
      </p>
      <p>Choose your name and a password. The link works once.</p>
      <AcceptInvitationForm token={token} suggestedName={invitation.suggestedName ?? ""} email={invitation.email} />
    </InvitationCard>
  );
}

function InvitationCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium text-emerald-700">Reseller Portal</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words">{title}</h1>
        <div className="mt-2 space-y-2 text-sm text-slate-600">{children}</div>
      </div>
    </main>
  );
}
