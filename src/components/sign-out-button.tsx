"use client";
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "./ui/buttons";

export function SignOutButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function onClick() {
    setPending(true);
    // redirect: false, then navigate ourselves: a relative path works on any host and port.
    await signOut({ redirect: false });
    router.replace("/sign-in");
    router.refresh();
  }

  return (
    <button type="button" onClick={() => void onClick()} disabled={pending} className={buttonClass("secondary", "sm")}>
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
