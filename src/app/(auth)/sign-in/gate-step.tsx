"use client";
/**
 * The step a gated session takes before the portal opens (session-user.ts): a new password after a
 * temporary one, or two-factor sign-in for an operator. Done, it goes on to wherever the session
 * belongs now (the dashboard, or the next step), which the server decides.
 */
import { useRouter } from "next/navigation";
import { ChangePasswordForm } from "~/components/security/change-password-form";
import { TwoFactorSetup } from "~/components/security/two-factor-setup";
import { SignOutButton } from "~/components/sign-out-button";

export function GateStep({ step }: { step: "password_change" | "two_factor_enrolment" }) {
  const router = useRouter();
  // The sign-in page sends a signed-in session on to the dashboard or to its next step.
  const goOn = () => {
    router.replace("/sign-in");
    router.refresh();
  };
  return (
    <div className="mt-6 space-y-6">
      {step === "password_change" ? <ChangePasswordForm temporary onChanged={goOn} /> : <TwoFactorSetup onDone={goOn} />}
      <SignOutButton />
    </div>
  );
}
