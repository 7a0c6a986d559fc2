/**
 * One load scenario with autocannon (npm), run from the benchmark process against the server process:
 * a fixed number of connections for a fixed time, reporting requests per second, latency percentiles
 * and every error (socket errors, time-outs and non-2xx answers alike).
 */
import autocannon from "autocannon";

export interface ScenarioResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
}

export interface Scenario {
  url: string;
  seconds: number;
  connections: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** A body per request (called for every request), for purchases with fresh references. */
  body?: () => string;
}

export async function runLoad(scenario: Scenario): Promise<ScenarioResult> {
  const result = await autocannon({
    url: scenario.url,
    connections: scenario.connections,
    duration: scenario.seconds,
    timeout: 10,
    requests: [
      {
        method: scenario.method ?? "GET",
        headers: scenario.headers,
        // autocannon calls setupRequest whenever the key is present, so it is only set with a body.
        ...(scenario.body ? { setupRequest: (request) => ({ ...request, body: scenario.body!() }) } : {}),
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}
