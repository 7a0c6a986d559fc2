/**
 * Prints, once at the start of the run, which Chromium the suite drives. Debian's `chromium` package
 * moves under us (156.0.8078.73 one week, .79 the next, which changed when "network idle" fires), so a
 * failure after an update should be recognisable from the first line of the report.
 */
import { execFileSync } from "node:child_process";
import { CHROMIUM_PATH } from "./fixtures/browser";

export default function globalSetup() {
  const version = execFileSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8" }).trim();
  console.log(`[e2e] browser: ${version} (${CHROMIUM_PATH})`);
}
