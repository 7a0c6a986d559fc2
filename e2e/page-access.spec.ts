/**
 * One table (src/components/portal-pages.ts) says which roles may see which portal page: the
 * navigation offers exactly those, and every other page refuses in the one way, a heading that names
 * the page, who is signed in, and a way on.
 */
import { expect, test } from "@playwright/test";
import type { Role } from "../src/generated/prisma/enums";
import { navigationFor, PORTAL_PAGES, type PortalPage } from "../src/components/portal-pages";
import { DEMO_USERS, storageStatePath, type DemoRole } from "./fixtures/demo";

const ROLES: [DemoRole, Role][] = [
  ["operator", "OPERATOR"],
  ["owner", "OWNER"],
  ["staff", "STAFF"],
];

for (const [demoRole, role] of ROLES) {
  test.describe(`signed in as ${demoRole}`, () => {
    test.use({ storageState: storageStatePath(demoRole) });

    test("the navigation offers the role's pages, and every other page refuses alike", async ({ page }) => {
      expect((await page.goto("/dashboard"))?.status()).toBe(200);
      const nav = page.getByRole("navigation", { name: "Portal" }).getByRole("link");
      await expect(nav).toHaveText(navigationFor(role).map((item) => item.label));

      const refused = Object.values(PORTAL_PAGES as Record<string, PortalPage>).filter((entry) => !entry.roles.includes(role));
      expect(refused.length).toBeGreaterThan(0);
      for (const entry of refused) {
        // Refused with 403, and the one refusal as its body, inside the portal's header.
        const response = await page.goto(entry.href);
        expect(response?.status(), entry.href).toBe(403);
        await expect(page.getByRole("heading", { level: 1, name: `${entry.title}: not available for your role` })).toBeVisible();
        await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
        await expect(page.getByRole("main")).toContainText(`You are signed in as ${DEMO_USERS[demoRole].email}`);
        const way =
          role === "OPERATOR"
            ? { name: "Go to the operator console", href: "/operator" }
            : { name: "Back to your dashboard", href: "/dashboard" };
        await expect(page.getByRole("link", { name: way.name })).toHaveAttribute("href", way.href);
      }
    });
  });
}
