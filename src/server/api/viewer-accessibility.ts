/**
 * Corrections to the markup of Scalar's API reference (the viewer on /docs, @scalar/api-reference
 * 1.46.4) that its options and theme cannot reach, so that an axe scan of /docs finds nothing:
 * e2e/accessibility.spec.ts scans the page as loaded and with every section open. Scalar fixed these
 * itself in later releases, which need Node 22 (docs/decisions/027-api-reference-accessibility.md);
 * upgrading Scalar makes this module unnecessary, and its scan shows whether it still is.
 *
 * `correctViewerMarkup` runs in the browser, after Scalar's own script (serve.ts appends its source
 * to the viewer's), so it may use nothing from outside its own body. It corrects what Scalar has
 * rendered and, through a MutationObserver, whatever Scalar renders or changes later. Each
 * correction is idempotent: applying it to markup already corrected changes nothing.
 */
export function correctViewerMarkup(): void {
  function correct(root: ParentNode): void {
    // The sidebar's entries are buttons marked aria-selected, which buttons may not carry: the entry
    // for the section in view is the current one.
    for (const entry of root.querySelectorAll(
      "button[aria-selected]:not([role]), a[aria-selected]:not([role]), li[aria-selected]:not([role])",
    )) {
      const current = entry.getAttribute("aria-selected") === "true";
      entry.removeAttribute("aria-selected");
      if (current) entry.setAttribute("aria-current", "page");
      else entry.removeAttribute("aria-current");
    }
    // An <aside> may not take role="navigation": it stays the labelled complementary landmark it is.
    for (const sidebar of root.querySelectorAll("aside[role='navigation']")) sidebar.removeAttribute("role");
    // "search" is a landmark role, not a button's: without it the button is named by its own text.
    for (const opener of root.querySelectorAll("button[role='search']")) opener.removeAttribute("role");
    // The client tabs' "More" chooses among the other clients; inside a tablist it is one more tab.
    for (const more of root.querySelectorAll("[role='tablist'] button.client-libraries__select")) {
      const selected = String(more.classList.contains("client-libraries__active"));
      if (more.getAttribute("role") !== "tab") more.setAttribute("role", "tab");
      if (more.getAttribute("aria-selected") !== selected) more.setAttribute("aria-selected", selected);
    }
    // The code examples' copy buttons show their words only while hovered: name them always.
    for (const copy of root.querySelectorAll("button.scalar-code-copy:not([aria-label])")) copy.setAttribute("aria-label", "Copy");
    // "Show More" is labelled "Show all Funding endpoints": a name must contain the words it shows.
    for (const more of root.querySelectorAll("button.show-more[aria-label^='Show all ']")) {
      const label = more.getAttribute("aria-label") ?? "";
      more.setAttribute("aria-label", `${more.textContent?.trim() ?? "Show More"}: ${label.slice("Show ".length)}`);
    }
    // Every response example card is a region named "Example Responses": one landmark per operation
    // with the same name helps no one, and each sits under its operation's heading anyway.
    for (const card of root.querySelectorAll(".scalar-card[role='region']")) card.removeAttribute("role");
    // A schema's section is named like the tag of the same name ("Funding"): say which it is.
    for (const schema of root.querySelectorAll("section.collapsible-section[aria-label]:not([aria-label$=' schema'])")) {
      schema.setAttribute("aria-label", `${schema.getAttribute("aria-label") ?? ""} schema`);
    }
    // The search's field is a combobox, which must say whether its list of results is shown: it is
    // whenever the list it controls is on the page.
    for (const field of root.querySelectorAll("input[role='combobox'][aria-controls]")) {
      const shown = String(document.getElementById(field.getAttribute("aria-controls") ?? "") !== null);
      if (field.getAttribute("aria-expanded") !== shown) field.setAttribute("aria-expanded", shown);
    }
    // Code in the document's descriptions scrolls sideways; a keyboard must be able to scroll it too.
    for (const scroller of root.querySelectorAll(".markdown pre > code:not([tabindex]), ul.endpoints:not([tabindex])")) {
      scroller.setAttribute("tabindex", "0");
    }
  }

  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      correct(document);
    });
  });
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["aria-selected", "aria-label", "role", "class"],
  });
  correct(document);
}

/** The browser script: the function's source, called. */
export const VIEWER_MARKUP_CORRECTIONS = `;(${correctViewerMarkup.toString()})();\n`;
