/**
 * A portal user's role, when they were added and whether they can sign in: the same facts, labelled
 * the same way, on the owner's Team page and in the operator console.
 */
import type { Role } from "~/generated/prisma/enums";
import { formatDate } from "~/components/dates";
import { roleLabel } from "~/components/role-label";
import { UserStatusBadge } from "~/components/status-badge";
import { ItemFact, ItemFacts } from "~/components/ui/responsive-list";

export function UserFacts({ user }: { user: { role: Role; createdAt: Date; disabledAt: Date | null } }) {
  return (
    <ItemFacts>
      <ItemFact label="Role">{roleLabel(user.role)}</ItemFact>
      <ItemFact label="Added">{formatDate(user.createdAt)}</ItemFact>
      <ItemFact label="Status">
        <UserStatusBadge disabled={user.disabledAt !== null} />
      </ItemFact>
    </ItemFacts>
  );
}
