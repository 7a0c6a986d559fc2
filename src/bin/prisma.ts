/**
 * `npm run prisma -- <args>`: the Prisma CLI with the offline environment, against DATABASE_URL or,
 * when none is set, the embedded development database (started for the command and stopped after).
 */
import { spawnSync } from "node:child_process";
import { prismaBin, prismaCliEnv } from "~/server/db/prisma-env";
import { configuredOrDevelopmentDatabase } from "~/server/db/defaults";

const args = process.argv.slice(2);
const { url, stop } = await configuredOrDevelopmentDatabase();
const result = spawnSync(process.execPath, [prismaBin(), ...args], { stdio: "inherit", env: prismaCliEnv(url) });
await stop();
process.exit(result.status ?? 1);
