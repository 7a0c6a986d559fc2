/**
 * The API's dated changelog for people, beside the API reference at /docs: every entry of
 * src/server/api/api-changelog.ts, newest first, with what it added by name. Public, like /docs.
 */
import type { Metadata } from "next";
import { Fragment } from "react";
import { formatDay, formatMonth } from "~/components/dates";
import { API_CHANGELOG, type ChangelogDate, type ChangelogEntry } from "~/server/api/api-changelog";

export const metadata: Metadata = { title: "API changelog · Reseller Purchase API" };

/** "24 Nov 2026"; "July 2026" for a month; "After 9 Aug 2026" where the record gives no date. */
function displayDate(date: ChangelogDate): string {
  const day = date.replace(/^after /, "");
  const shown = day.length === 7 ? formatMonth(`${day}-01`) : formatDay(day);
  return date.startsWith("after ") ? `After ${shown}` : shown;
}

/** The entry's anchor: its date and title, so a link to one change keeps working as others are added. */
function anchorOf(entry: ChangelogEntry): string {
  return `${entry.date.replace(/^after /, "after-")}-${entry.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;
}

/** Text with `code` in backticks, as the entries are written. */
function WithCode({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
            {part}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const linkClass = "font-medium text-emerald-800 underline-offset-2 hover:underline";

export default function ApiChangelogPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <header>
        <p className="text-sm font-medium text-emerald-700">Reseller Purchase API</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">API changelog</h1>
        <p className="mt-2 text-sm text-slate-600">
          Every change to the REST API under <WithCode text="`/api/v1`" />, dated, newest first. Changes are additive: fields, endpoints,
          statuses and events are added, never removed or renamed, so ignore fields you do not know. Each entry names what it added as the
          API reference does.
        </p>
        <nav aria-label="API documentation" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href="/docs" className={linkClass}>
            API reference
          </a>
          <a href="/api/v1/openapi.json" className={linkClass}>
            OpenAPI document
          </a>
        </nav>
      </header>

      <ol className="mt-8 space-y-4">
        {API_CHANGELOG.map((entry) => {
          const anchor = anchorOf(entry);
          return (
            <li key={anchor}>
              <article
                id={anchor}
                aria-labelledby={`${anchor}-title`}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
              >
                <p className="text-sm font-medium text-slate-500">
                  <time dateTime={entry.date.replace(/^after /, "")}>{displayDate(entry.date)}</time>
                </p>
                <h2 id={`${anchor}-title`} className="mt-1 text-base font-semibold text-slate-900">
                  <a href={`#${anchor}`} className="hover:underline">
                    {entry.title}
                  </a>
                </h2>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {entry.changes.map((change) => (
                    <li key={change}>
                      <WithCode text={change} />
                    </li>
                  ))}
                </ul>
                {entry.added.length > 0 && (
                  <div className="mt-3">
                    <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Added</h3>
                    <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`Added on ${displayDate(entry.date)}`}>
                      {entry.added.map((name) => (
                        <li key={name}>
                          <code className="inline-block rounded-md border border-slate-200 bg-slate-50 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800">
                            {name}
                          </code>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </article>
            </li>
          );
        })}
      </ol>
    </main>
  );
}
