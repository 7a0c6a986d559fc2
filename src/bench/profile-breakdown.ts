/**
 * Where a scenario's server CPU goes (`BENCH_PROFILE=1 npm run bench`, docs/performance.md "Performance"): the V8
 * CPU profile the server wrote, cut to the scenario's time window, each sample charged to whoever's
 * code was running, in microseconds per request.
 *
 * A sample is charged to the innermost frame that belongs to a package or to our source: Node's own
 * JavaScript and native frames (a socket write, a hash) count for the code that called them, so the
 * `writev` under a database query is the driver's, and the one under a response is Next.js's. Frames
 * of the Next.js build are traced back through its source maps to their original file. What no
 * package called (the HTTP parser, timers, microtask ticks) is "Node.js runtime"; the collector is
 * "garbage collection", whoever allocated.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FlattenMap, originalPositionFor, type TraceMap } from "@jridgewell/trace-mapping";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

/** The `.cpuprofile` format V8 writes (--cpu-prof). Times in microseconds of the monotonic clock. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A scenario's window on the monotonic clock (`process.hrtime`, which --cpu-prof's times share), µs. */
export interface ProfileWindow {
  startUs: number;
  endUs: number;
}

const RUNTIME = "Node.js runtime";
const GARBAGE_COLLECTION = "garbage collection";

/** Who owns a source file, from its path (an original path for a frame traced through a source map). */
export function ownerOfPath(file: string): string | null {
  const packagePath = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(decodeURIComponent(file));
  if (packagePath) {
    const name = packagePath[1]!;
    // Next.js's request tracing is its own (it calls OpenTelemetry's API whether or not anyone listens).
    if (/^(next|@next\/.+|react|react-dom|@opentelemetry\/api)$/.test(name)) return "Next.js";
    if (/^(pg|pg-.+|postgres-.+|@prisma\/adapter-pg)$/.test(name)) return "pg (database driver)";
    if (/^(pino|pino-.+|sonic-boom|quick-format-unescaped|thread-stream|fast-redact|safe-stable-stringify)$/.test(name)) {
      return "pino (request log)";
    }
    return name;
  }
  if (/(^|\/)src\//.test(file) || file.endsWith("dist/server.mjs")) return "our code";
  // Next.js's own runtime, bundled into the build (.next/server/…, next-server/…).
  if (/\.next\/|next-server\/|next\/dist\//.test(file)) return "Next.js";
  return null;
}

/** Maps the build's frames to their original files through the chunks' source maps (loaded once each). */
class SourceMaps {
  private readonly maps = new Map<string, TraceMap | null>();

  ownerOf(frame: CallFrame): string | null {
    const { url } = frame;
    if (!url || url.startsWith("node:")) return null;
    const file = url.startsWith("file://") ? fileURLToPath(url) : url;
    if (!file.includes("/.next/")) return ownerOfPath(file);
    const map = this.mapFor(file);
    if (!map) return ownerOfPath(file);
    const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(frame.columnNumber, 0) });
    return original.source ? (ownerOfPath(original.source) ?? ownerOfPath(file)) : ownerOfPath(file);
  }

  private mapFor(file: string): TraceMap | null {
    if (!this.maps.has(file)) {
      try {
        // Next.js writes sectioned (index) source maps: FlattenMap reads those as well as plain ones.
        this.maps.set(file, FlattenMap(readFileSync(`${file}.map`, "utf8")));
      } catch {
        this.maps.set(file, null);
      }
    }
    return this.maps.get(file)!;
  }
}

/**
 * Microseconds of server CPU per request by owner, for each window: each owner's share of the busy
 * samples (idle ones left out) times the CPU per request the benchmark measured from /proc.
 */
export function profileBreakdown(
  profile: CpuProfile,
  windows: Record<string, ProfileWindow & { serverCpuUsPerRequest: number }>,
): Record<string, Record<string, number>> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const sourceMaps = new SourceMaps();
  const ownerByNode = new Map<number, string | null>();

  const ownerOf = (id: number): string | null => {
    if (ownerByNode.has(id)) return ownerByNode.get(id)!;
    const node = nodes.get(id)!;
    const name = node.callFrame.functionName;
    const own = name === "(garbage collector)" ? GARBAGE_COLLECTION : name === "(idle)" ? null : sourceMaps.ownerOf(node.callFrame);
    const parent = parents.get(id);
    const owner = own ?? (name === "(idle)" ? "(idle)" : parent === undefined ? RUNTIME : ownerOf(parent));
    ownerByNode.set(id, owner);
    return owner;
  };

  const sampleTimes: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) sampleTimes.push((time += delta));

  const result: Record<string, Record<string, number>> = {};
  for (const [scenario, window] of Object.entries(windows)) {
    const counts = new Map<string, number>();
    let busy = 0;
    profile.samples.forEach((id, index) => {
      const at = sampleTimes[index]!;
      if (at < window.startUs || at > window.endUs) return;
      const owner = ownerOf(id) ?? RUNTIME;
      if (owner === "(idle)") return;
      busy += 1;
      counts.set(owner, (counts.get(owner) ?? 0) + 1);
    });
    if (busy === 0) continue;
    result[scenario] = Object.fromEntries(
      [...counts].sort((a, b) => b[1] - a[1]).map(([owner, count]) => [owner, Math.round((count / busy) * window.serverCpuUsPerRequest)]),
    );
  }
  return result;
}
