import { serveViewerScript } from "~/server/api/serve";

export const GET = (request: Request) => serveViewerScript(request);
