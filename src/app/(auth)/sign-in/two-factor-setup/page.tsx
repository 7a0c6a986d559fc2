import type { Metadata } from "next";
import { GatePage } from "../gate-page";

export const metadata: Metadata = { title: "Set up two-factor sign-in · Reseller Portal" };

export default function TwoFactorSetupPage() {
  return (
    <GatePage gate="two_factor_enrolment" title="Set up two-factor sign-in">
      <p>Operators move money for every account, so they sign in with a code from their phone as well as a password.</p>
    </GatePage>
  );
}
