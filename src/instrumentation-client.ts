/**
 * Runs in the browser before any of the portal's own modules. Zod compiles object parsers with
 * `new Function` when it can, and probes for that with a caught `new Function("")`; under the
 * portal's Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a CSP
 * violation even though Zod then falls back quietly. `jitless` skips the probe. It must be set before
 * the first schema is built, which is why it lives here rather than in a component. The server keeps
 * the compiled parsers: its policy does not apply to itself.
 */
import { z } from "zod";

z.config({ jitless: true });
