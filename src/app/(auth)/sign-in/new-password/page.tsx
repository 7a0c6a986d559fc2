import type { Metadata } from "next";
import { GatePage } from "../gate-page";

export const metadata: Metadata = { title: "Choose a new password · Reseller Portal" };

export default function NewPasswordPage() {
  return (
    <GatePage gate="password_change" title="Choose a new password">
      <p>You signed in with a temporary password. Choose your own to continue; the temporary one no longer works.</p>
    </GatePage>
  );
}
