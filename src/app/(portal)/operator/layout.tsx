import type { ReactNode } from "react";
import { OPERATOR_CONSOLE_PAGES } from "~/components/portal-pages";
import { Tabs } from "~/components/ui/tabs";
import { pageAccess } from "../page-access";

/** Every page under /operator is for operators only; the procedures refuse anyone else too. */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  await pageAccess("operator");

  return (
    <div>
      <Tabs label="Operator console" tabs={OPERATOR_CONSOLE_PAGES} />
      <div className="mt-6">{children}</div>
    </div>
  );
}
