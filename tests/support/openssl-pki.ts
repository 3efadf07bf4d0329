import { execFile, execFileSync, spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** openssl's index dates: UTCTime, YYMMDDHHMMSSZ. */
function utcTime(date: Date): string {
  return `${date.toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`;
}

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
  /** The CA's database in `openssl ca` format: what the OCSP responder answers from. */
  private readonly index = join(this.dir, "index.txt");
  /** Set by startOcsp: every certificate issued afterwards names this responder (Authority Information Access). */
  private ocspUrl: string | null = null;
  /** Set by startCrl: every certificate issued afterwards names this CRL (CRL distribution points). */
  private crlUrl: string | null = null;

  constructor() {
    this.openssl([
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "ca.key",
      "-out",
      "ca.crt",
      "-days",
      "2",
      "-subj",
      "/C=ES/O=Rubrica Pruebas/CN=Rubrica Pruebas CA",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    ]);
    writeFileSync(this.index, "");
    // Tests issue several certificates with one subject (a TSA per test): openssl refuses that by default.
    writeFileSync(`${this.index}.attr`, "unique_subject = no\n");
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
    const all = [
      ...extensions,
      ...(this.ocspUrl ? [`authorityInfoAccess=OCSP;URI:${this.ocspUrl}`] : []),
      ...(this.crlUrl ? [`crlDistributionPoints=URI:${this.crlUrl}`] : []),
    ];
    writeFileSync(this.file(`${name}.ext`), `${all.join("\n")}\n`);
    this.openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", subject]);
    this.openssl([
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-CA",
      "ca.crt",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-out",
      `${name}.crt`,
      "-days",
      "2",
      "-sha256",
      "-extfile",
      `${name}.ext`,
    ]);
    const cert = this.file(`${name}.crt`);
    const x509 = new X509Certificate(readFileSync(cert));
    const subjectDn = `/${x509.subject.split("\n").join("/")}`;
    appendFileSync(this.index, `V\t${utcTime(new Date(x509.validTo))}\t\t${x509.serialNumber.toUpperCase()}\tunknown\t${subjectDn}\n`);
    return { key: this.file(`${name}.key`), cert };
  }

  /** Marks a certificate issued by this CA revoked: the OCSP responder says so from then on. */
  revoke(cert: string): void {
    const serial = new X509Certificate(readFileSync(cert)).serialNumber.toUpperCase();
    const lines = readFileSync(this.index, "utf8")
      .split("\n")
      .map((line) => {
        const fields = line.split("\t");
        if (fields[3] !== serial) return line;
        fields[0] = "R";
        fields[2] = utcTime(new Date(Date.now() - 60_000));
        return fields.join("\t");
      });
    writeFileSync(this.index, lines.join("\n"));
  }

  /**
   * An OCSP responder on 127.0.0.1 (free port) answering from the CA's index with `openssl ocsp`, signed by
   * the CA. Certificates issued after it started carry its URL. `stop` closes it; `pause`/`resume` make it
   * answer HTTP 503, as a responder that is down.
   */
  async startOcsp(): Promise<{ url: string; requests: number; pause(): void; resume(): void; stop(): Promise<void> }> {
    const state = { requests: 0, paused: false };
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        if (request.method !== "POST" || request.headers["content-type"] !== "application/ocsp-request") {
          response.writeHead(400).end();
          return;
        }
        state.requests++;
        if (state.paused) {
          response.writeHead(503).end();
          return;
        }
        const id = `${Date.now()}-${state.requests}`;
        const query = this.file(`ocsp-${id}.req`);
        const reply = this.file(`ocsp-${id}.resp`);
        writeFileSync(query, Buffer.concat(chunks));
        run(
          "openssl",
          [
            "ocsp",
            "-index",
            this.index,
            "-CA",
            "ca.crt",
            "-rsigner",
            "ca.crt",
            "-rkey",
            "ca.key",
            "-reqin",
            query,
            "-respout",
            reply,
            "-ndays",
            "1",
          ],
          { cwd: this.dir },
        )
          .then(() => response.writeHead(200, { "Content-Type": "application/ocsp-response" }).end(readFileSync(reply)))
          .catch(() => response.writeHead(500).end());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    this.ocspUrl = `http://127.0.0.1:${port}/ocsp`;
    return {
      url: this.ocspUrl,
      get requests() {
        return state.requests;
      },
      pause: () => void (state.paused = true),
      resume: () => void (state.paused = false),
      stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  /**
   * A PKCS#12 of a CA-issued certificate with the CA in its chain: a signing certificate unless `extensions` say
   * otherwise (a signer CA's); `legacy` uses RC2/3DES.
   */
  pkcs12(
    subject: string,
    password: string,
    { legacy = false, extensions = ["basicConstraints=CA:FALSE", "keyUsage=critical,digitalSignature,nonRepudiation"] } = {},
  ): { path: string; cert: string } {
    const { key, cert } = this.issue(subject, extensions);
    const out = this.file(`signer${this.counter}${legacy ? "-legacy" : ""}.p12`);
    this.openssl([
      "pkcs12",
      "-export",
      "-inkey",
      key,
      "-in",
      cert,
      "-certfile",
      "ca.crt",
      "-out",
      out,
      "-passout",
      `pass:${password}`,
      ...(legacy ? ["-legacy"] : []),
    ]);
    return { path: out, cert };
  }

  /** Certificates issued from now on name `url` as their CRL, whoever serves it (a test of a list from another CA). */
  nameCrlAt(url: string): void {
    this.crlUrl = url;
  }

  /** The CA's CRL over HTTP on 127.0.0.1 (free port), made afresh from its index by `openssl ca -gencrl` on every GET. */
  async startCrl(): Promise<{ url: string; requests: number; stop(): Promise<void> }> {
    writeFileSync(this.file("crlnumber"), "01\n");
    writeFileSync(
      this.file("ca.cnf"),
      [
        "[ ca ]",
        "default_ca = ca_default",
        "[ ca_default ]",
        `database = ${this.index}`,
        `crlnumber = ${this.file("crlnumber")}`,
        `certificate = ${this.caCertificate}`,
        `private_key = ${this.file("ca.key")}`,
        "default_md = sha256",
        "default_crl_days = 1",
        "",
      ].join("\n"),
    );
    const state = { requests: 0 };
    const server = createServer((request, response) => {
      state.requests++;
      if (request.method !== "GET") {
        response.writeHead(405).end();
        return;
      }
      const id = `${Date.now()}-${state.requests}`;
      run("openssl", ["ca", "-gencrl", "-config", "ca.cnf", "-out", `crl-${id}.pem`], { cwd: this.dir })
        .then(() => run("openssl", ["crl", "-in", `crl-${id}.pem`, "-outform", "DER", "-out", `crl-${id}.der`], { cwd: this.dir }))
        .then(() => response.writeHead(200, { "Content-Type": "application/pkix-crl" }).end(readFileSync(this.file(`crl-${id}.der`))))
        .catch(() => response.writeHead(500).end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    this.crlUrl = `http://127.0.0.1:${port}/ca.crl`;
    return {
      url: this.crlUrl,
      get requests() {
        return state.requests;
      },
      stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
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

/**
 * Long-term mode for the seal job: a test CA with an OCSP responder and a timestamp authority on loopback, and the
 * organisation seal's PKCS#12 from it in the PDF_SIGNING_* settings (stubbed; env() is read once per module load, so
 * the caller reloads the modules it uses after this). `stop` takes the settings back and shuts it all down.
 */
export async function startSealingPki(): Promise<{
  pki: OpensslPki;
  ocsp: Awaited<ReturnType<OpensslPki["startOcsp"]>>;
  tsa: Awaited<ReturnType<OpensslPki["startTsa"]>>;
  stop(): Promise<void>;
}> {
  const { vi } = await import("vitest");
  const pki = new OpensslPki();
  const ocsp = await pki.startOcsp();
  const tsa = await pki.startTsa();
  const p12 = pki.pkcs12("/C=ES/O=Plataforma Pruebas/CN=Plataforma Pruebas Sello", "clave-sello");
  vi.stubEnv("PDF_SIGNING_P12_PATH", p12.path);
  vi.stubEnv("PDF_SIGNING_P12_PASSWORD", "clave-sello");
  vi.stubEnv("PDF_SIGNING_TSA_URL", tsa.url);
  return {
    pki,
    ocsp,
    tsa,
    async stop() {
      vi.unstubAllEnvs();
      await tsa.stop();
      await ocsp.stop();
      pki.remove();
    },
  };
}
