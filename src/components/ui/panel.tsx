/**
 * Cards. `Panel` is a titled one: a section named by its heading (so assistive technology lists it
 * as a region), an optional line under the title and actions beside it. `MessageCard` is a page that
 * is only a message (a page not for this role, a thing that does not exist), with its own h1.
 */
import type { ReactNode } from "react";
import { classNames } from "./class-names";

export const cardClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

export function Panel({
  id,
  title,
  description,
  actions,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={classNames(cardClass, className)}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
      {children && <div className="mt-4">{children}</div>}
    </section>
  );
}

export function MessageCard({ id, title, children, action }: { id: string; title: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{children}</p>
      {action && <p className="mt-4 text-sm">{action}</p>}
    </section>
  );
}
