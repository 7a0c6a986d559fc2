/**
 * `npm run prisma -- <args>`: the Prisma CLI with the offline environment, against DATABASE_URL or,
 * when none is set, the embedded development database (started for the command and stopped after).
 */
import { spawnSync } from "node:child_process";
import { prismaBin, prismaCliEnv } from "~/server/db/prisma-env";
import { EMBEDDED_DEFAULTS } from "~/server/db/defaults";
import { startEmbeddedPostgres } from "~/server/db/embedded-postgres";

const args = process.argv.slice(2);
let url = process.env.DATABASE_URL;
let stop = async () => {};
if (!url) {
  const embedded = await startEmbeddedPostgres(EMBEDDED_DEFAULTS);
  url = embedded.url;
  stop = embedded.stop;
}
const result = spawnSync(process.execPath, [prismaBin(), ...args], { stdio: "inherit", env: prismaCliEnv(url) });
await stop();
process.exit(result.status ?? 1);
