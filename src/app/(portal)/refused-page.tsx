"use client";
/**
 * The refusal of (portal)/forbidden.tsx, which gets no props: the page is read from the address, the
 * only thing that names it once forbidden() has thrown.
 */
import { usePathname } from "next/navigation";
import { NotForYourRole } from "~/components/not-for-your-role";
import { pageForPath } from "~/components/portal-pages";
import type { Role } from "~/generated/prisma/enums";

export function RefusedPage({ actor }: { actor: { email: string; role: Role } }) {
  return <NotForYourRole page={pageForPath(usePathname()) ?? "dashboard"} actor={actor} />;
}
