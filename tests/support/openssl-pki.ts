import { execFile, execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;

/**
 * A throwaway PKI made with the openssl command line in a temp directory: a test CA, certificates it
 * issues (key + cert PEM), PKCS#12 files, and an RFC 3161 timestamp authority (`openssl ts -reply`)
 * behind an HTTP handler on loopback.
 */
export class OpensslPki {
  readonly dir = mkdtempSync(join(tmpdir(), "rubrica-pki-"));
  /** The CA certificate (PEM path). */
  readonly caCertificate = join(this.dir, "ca.crt");
  private counter = 0;

  constructor() {
    this.openssl([
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "2",
      "-subj", "/C=ES/O=Rubrica Pruebas/CN=Rubrica Pruebas CA",
      "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
    ]);
  }

  private openssl(args: string[]): void {
    execFileSync("openssl", args, { cwd: this.dir, stdio: ["ignore", "ignore", "pipe"] });
  }

  private file(name: string): string {
    return join(this.dir, name);
  }

  /** A certificate issued by the CA: { key, cert } PEM paths. */
  issue(subject: string, extensions: string[]): { key: string; cert: string } {
    const name = `cert${++this.counter}`;
    writeFileSync(this.file(`${name}.ext`), `${extensions.join("\n")}\n`);
    this.openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", subject]);
    this.openssl([
      "x509", "-req", "-in", `${name}.csr`, "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
      "-out", `${name}.crt`, "-days", "2", "-sha256", "-extfile", `${name}.ext`,
    ]);
    return { key: this.file(`${name}.key`), cert: this.file(`${name}.crt`) };
  }

  /** A PKCS#12 of a CA-issued signing certificate with the CA in its chain; `legacy` uses RC2/3DES. */
  pkcs12(subject: string, password: string, { legacy = false } = {}): { path: string; cert: string } {
    const { key, cert } = this.issue(subject, ["basicConstraints=CA:FALSE", "keyUsage=critical,digitalSignature,nonRepudiation"]);
    const out = this.file(`signer${this.counter}${legacy ? "-legacy" : ""}.p12`);
    this.openssl(["pkcs12", "-export", "-inkey", key, "-in", cert, "-certfile", "ca.crt", "-out", out, "-passout", `pass:${password}`, ...(legacy ? ["-legacy"] : [])]);
    return { path: out, cert };
  }

  /** An RFC 3161 TSA on 127.0.0.1 (free port): POST application/timestamp-query, answered by `openssl ts -reply`. */
  async startTsa(): Promise<{ url: string; requests: number; stop(): Promise<void> }> {
    const tsa = this.issue("/C=ES/O=Rubrica Pruebas/CN=Rubrica Pruebas TSA", [
      "basicConstraints=CA:FALSE",
      "keyUsage=critical,digitalSignature,nonRepudiation",
      "extendedKeyUsage=critical,timeStamping",
    ]);
    writeFileSync(this.file("tsaserial"), "01\n");
    writeFileSync(
      this.file("ts.cnf"),
      [
        "[ tsa ]",
        "default_tsa = tsa_config",
        "[ tsa_config ]",
        `serial = ${this.file("tsaserial")}`,
        `signer_cert = ${tsa.cert}`,
        `signer_key = ${tsa.key}`,
        `certs = ${this.file("ca.crt")}`,
        "signer_digest = sha256",
        "default_policy = 1.3.6.1.4.1.99999.1",
        "digests = sha256, sha384, sha512",
        "accuracy = secs:1",
        "ordering = yes",
        "tsa_name = yes",
        "ess_cert_id_alg = sha256",
        "",
      ].join("\n"),
    );
    const state = { requests: 0 };
    let queue = Promise.resolve();
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        if (request.method !== "POST" || request.headers["content-type"] !== "application/timestamp-query") {
          response.writeHead(400).end();
          return;
        }
        state.requests++;
        // One openssl at a time: they share the serial file.
        queue = queue.then(async () => {
          const id = `${Date.now()}-${state.requests}`;
          const query = this.file(`query-${id}.tsq`);
          const reply = this.file(`reply-${id}.tsr`);
          try {
            writeFileSync(query, Buffer.concat(chunks));
            await run("openssl", ["ts", "-reply", "-config", this.file("ts.cnf"), "-queryfile", query, "-out", reply], { cwd: this.dir });
            response.writeHead(200, { "Content-Type": "application/timestamp-reply" }).end(readFileSync(reply));
          } catch {
            response.writeHead(500).end();
          }
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/tsa`,
      get requests() {
        return state.requests;
      },
      stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
