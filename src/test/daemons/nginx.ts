/**
 * A real nginx (Debian's 1.22, open source) balancing app hosts, with the proxy settings of docs/deploying.md
 * "Deployment" on loopback instead of TLS: round robin over the hosts, passive health checks
 * (max_fails / fail_timeout), another host tried only when one cannot be reached (for a POST: only
 * when the request was never sent to it), and X-Forwarded-For appended with the client's address.
 *
 * `proxyBind` makes nginx connect to the hosts from that loopback address, so a test can name the
 * proxy alone in TRUSTED_PROXIES and tell it apart from clients on 127.0.0.1.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "~/server/http/free-port";
import { findProgram, startDaemon, temporaryFolder, type Daemon } from "./daemon";

export interface Nginx extends Daemon {
  url: (path: string) => string;
}

export interface NginxOptions {
  /** The app hosts' ports on 127.0.0.1. */
  upstreams: number[];
  proxyBind?: string;
  /** Passive health check: failures within failTimeoutSeconds that take a host out for failTimeoutSeconds. */
  maxFails?: number;
  failTimeoutSeconds?: number;
}

export function nginxConfig(options: NginxOptions & { port: number; dir: string }): string {
  const servers = options.upstreams.map(
    (port) => `    server 127.0.0.1:${port} max_fails=${options.maxFails ?? 1} fail_timeout=${options.failTimeoutSeconds ?? 5}s;`,
  );
  const temp = (name: string) => `${name}_temp_path ${path.join(options.dir, "temp", name)};`;
  return [
    "daemon off;",
    "worker_processes 1;",
    `pid ${path.join(options.dir, "nginx.pid")};`,
    "error_log stderr warn;",
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
    "  upstream reseller_app {",
    ...servers,
    "    keepalive 16;",
    "  }",
    "  server {",
    `    listen 127.0.0.1:${options.port};`,
    "    client_max_body_size 1m;",
    "    location / {",
    "      proxy_pass http://reseller_app;",
    "      proxy_http_version 1.1;",
    '      proxy_set_header Connection "";',
    "      proxy_set_header Host $host;",
    "      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "      proxy_next_upstream error timeout;",
    "      proxy_next_upstream_tries 2;",
    "      proxy_connect_timeout 2s;",
    "      proxy_read_timeout 60s;",
    ...(options.proxyBind ? [`      proxy_bind ${options.proxyBind};`] : []),
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const program = findProgram("nginx", "nginx");
  const port = await freePort();
  const dir = temporaryFolder("rp-nginx-");
  // Run as root, nginx's worker runs as nobody: it must reach the temporary folders in here.
  chmodSync(dir, 0o755);
  mkdirSync(path.join(dir, "temp"));
  const config = path.join(dir, "nginx.conf");
  writeFileSync(config, nginxConfig({ ...options, port, dir }));
  // -e: the error log before the configuration is read (else /var/log/nginx, which may not exist).
  const daemon = await startDaemon({ name: "nginx", command: program, args: ["-e", "stderr", "-p", dir, "-c", config], port, dir });
  return { ...daemon, url: (requestPath) => `http://127.0.0.1:${port}${requestPath}` };
}
