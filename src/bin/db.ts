/**
 * `npm run db`: runs the embedded development database in the foreground and prints its URL, for
 * psql sessions and tools while no app is running. Ctrl-C stops it.
 */
import { EMBEDDED_DEFAULTS } from "~/server/db/defaults";
import { startEmbeddedPostgres } from "~/server/db/embedded-postgres";

const embedded = await startEmbeddedPostgres(EMBEDDED_DEFAULTS);
console.log(embedded.url);
const shutdown = () => void embedded.stop().then(() => process.exit(0));
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
setInterval(() => {}, 1 << 30);
