// Starts and stops the real `wordhall serve` for browser tests.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const sourceDir = new URL("../..", import.meta.url).pathname;
const binary = process.env.WORDHALL_BINARY || join(sourceDir, "build/wordhall");

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export class WordhallServer {
  constructor({ port, dataDir, adminToken = "browser-test-token" }) {
    this.port = port;
    this.dataDir = dataDir || mkdtempSync(join(tmpdir(), "wordhall-browser-"));
    this.adminToken = adminToken;
    this.url = `http://127.0.0.1:${port}`;
  }

  async start() {
    this.log = "";
    this.proc = spawn(binary, ["serve", "--port", String(this.port), "--data-dir", this.dataDir,
      "--www-root", join(sourceDir, "http/www"), "--config", join(sourceDir, "config/wordhall.json")],
      { cwd: sourceDir, env: { ...process.env, WORDHALL_ADMIN_TOKEN: this.adminToken,
        // Every page of every test comes from 127.0.0.1: lift the per-address creation limit.
        WORDHALL_MAX_CREATIONS_PER_MINUTE: "0" },
        stdio: ["ignore", "pipe", "pipe"] });
    this.exited = new Promise((resolve) => this.proc.on("exit", (code) => resolve(code)));
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("server did not start:\n" + this.log)), 20000);
      const onData = (d) => {
        this.log += d;
        if (this.log.includes("listening url=")) { clearTimeout(timer); resolve(); }
      };
      this.proc.stderr.on("data", onData);
      this.proc.stdout.on("data", onData);
      this.proc.on("exit", () => reject(new Error("server exited:\n" + this.log)));
    });
    await this.waitUntilReady();
  }

  // Polls /readyz until the server has loaded what it loads (word vectors, spymaster, judge).
  async waitUntilReady(timeoutMs = 60000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const r = await fetch(`${this.url}/readyz`).catch(() => null);
      if (r && r.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("server not ready within " + timeoutMs + " ms:\n" + this.log);
  }

  // SIGTERM, as an operator's restart would send; resolves with the exit code.
  async stop() {
    this.proc.kill("SIGTERM");
    return this.exited;
  }

  cleanup() {
    if (this.proc && this.proc.exitCode === null) this.proc.kill("SIGKILL");
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
