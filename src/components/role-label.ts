import type { Role } from "~/generated/prisma/enums";

const LABELS: Record<Role, string> = { OPERATOR: "Operator", OWNER: "Owner", STAFF: "Staff" };

/** How a role is named to people. */
export function roleLabel(role: Role): string {
  return LABELS[role];
}
