/**
 * Opens a CSV the way an accountant would, in LibreOffice Calc (headless `soffice`, Debian's
 * `libreoffice-calc`), and reads back what each cell became: its type (`string`, `float`, `date`, …)
 * and the value shown. The flat ODS (XML) LibreOffice writes says both per cell, with no parser needed.
 *
 * The import options are the Text Import dialog's defaults a person accepts with OK (comma, double
 * quote, formulas evaluated), with "detect special numbers" on, the setting that turns the most
 * text into numbers and dates; the character set is left for LibreOffice to decide.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface SpreadsheetCell {
  type: string;
  value: string;
}

export function hasLibreOffice(): boolean {
  try {
    execFileSync("soffice", ["--version"], { stdio: "ignore", timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** CI installs LibreOffice (.ci/run), so a missing soffice fails there rather than skipping. */
export const skipWithoutLibreOffice = !hasLibreOffice() && !process.env.CI;

const CSV_IMPORT = "CSV Text - txt - csv (StarCalc):44,34,,1,,1033,false,true,false,false,false,-1,true";

function xmlText(xml: string): string {
  return xml
    .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, count: string | undefined) => " ".repeat(Number(count ?? 1)))
    .replace(/<text:line-break\/>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[name]!);
}

/** A text cell's paragraphs, without the XML's indentation between them. */
function paragraphs(body: string): string {
  return [...body.matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)].map(([, text = ""]) => xmlText(text)).join("\n");
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`${name}="([^"]*)"`).exec(tag);
  return match ? xmlText(match[1]!) : undefined;
}

/** The first sheet's rows as LibreOffice imported them (empty trailing cells dropped). */
export function openCsvInLibreOffice(csv: Buffer | string): SpreadsheetCell[][] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "calc-"));
  try {
    writeFileSync(path.join(dir, "file.csv"), csv);
    // A profile of its own: soffice refuses to run beside another instance sharing one.
    execFileSync(
      "soffice",
      [
        `-env:UserInstallation=file://${dir}/profile`,
        "--headless",
        `--infilter=${CSV_IMPORT}`,
        "--convert-to",
        "fods",
        "--outdir",
        dir,
        path.join(dir, "file.csv"),
      ],
      { stdio: "ignore", timeout: 120_000 },
    );
    const xml = readFileSync(path.join(dir, "file.fods"), "utf8");
    const table = xml.slice(xml.indexOf("<table:table "), xml.indexOf("</table:table>"));
    return [...table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(([, row]) => {
      const cells: SpreadsheetCell[] = [];
      for (const [, tag = "", body = ""] of row!.matchAll(/(<table:table-cell\b[^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)) {
        const repeat = Number(attribute(tag, "table:number-columns-repeated") ?? 1);
        const type = attribute(tag, "office:value-type") ?? "empty";
        const value =
          attribute(tag, "office:string-value") ??
          attribute(tag, "office:value") ??
          attribute(tag, "office:date-value") ??
          paragraphs(body);
        for (let i = 0; i < Math.min(repeat, 100); i++) cells.push({ type, value });
      }
      while (cells.at(-1)?.type === "empty") cells.pop();
      return cells;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
