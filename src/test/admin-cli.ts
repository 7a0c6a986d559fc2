/** Runs the operator CLI for real against this test file's database and parses its one line of JSON. */
import { execFile } from "node:child_process";

export interface Run {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed CLI output, asserted field by field
  json: any;
}

export function admin(...args: string[]): Promise<Run> {
  return adminWithEnv({}, ...args);
}

/** The CLI with extra environment, e.g. the upstream provider its reconcile should ask. */
export function adminWithEnv(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      "node_modules/.bin/tsx",
      ["src/bin/admin.ts", ...args],
      { cwd: process.cwd(), env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, BCRYPT_COST: "10", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        const lines = stdout.split("\n").filter((line) => line.trim() !== "");
        // The contract: exactly one JSON object on stdout, whatever happened.
        if (lines.length !== 1) return reject(new Error(`admin ${args.join(" ")}: expected one line of JSON, got:\n${stdout}\n${stderr}`));
        try {
          resolve({ args, code, stdout, stderr, json: JSON.parse(lines[0]!) });
        } catch {
          reject(new Error(`admin ${args.join(" ")}: stdout is not JSON:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}
