import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * PKCS#12 files an organisation might upload, made with the openssl command line: a certificate already
 * expired (self-signed by `openssl ca` with explicit dates), and a file holding a certificate but no key.
 */
export class SealPkcs12Files {
  readonly dir = mkdtempSync(join(tmpdir(), "rubrica-seal-p12-"));

  private openssl(args: string[]): void {
    execFileSync("openssl", args, { cwd: this.dir, stdio: ["ignore", "ignore", "pipe"] });
  }

  /** A self-signed certificate valid from `start` to `end` (YYYYMMDDHHMMSSZ), exported with `password`. */
  dated(subject: string, password: string, start: string, end: string): Uint8Array {
    writeFileSync(join(this.dir, "index.txt"), "");
    writeFileSync(join(this.dir, "serial"), "1000\n");
    writeFileSync(
      join(this.dir, "ca.cnf"),
      [
        "[ ca ]",
        "default_ca = dated",
        "[ dated ]",
        "dir = .",
        "database = index.txt",
        "new_certs_dir = .",
        "serial = serial",
        "default_md = sha256",
        "policy = any",
        "unique_subject = no",
        "[ any ]",
        "commonName = supplied",
        "organizationName = optional",
        "countryName = optional",
        "",
      ].join("\n"),
    );
    this.openssl(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "dated.key", "-out", "dated.csr", "-subj", subject]);
    this.openssl([
      "ca",
      "-config",
      "ca.cnf",
      "-batch",
      "-selfsign",
      "-keyfile",
      "dated.key",
      "-in",
      "dated.csr",
      "-out",
      "dated.crt",
      "-startdate",
      start,
      "-enddate",
      end,
    ]);
    this.openssl(["pkcs12", "-export", "-inkey", "dated.key", "-in", "dated.crt", "-out", "dated.p12", "-passout", `pass:${password}`]);
    return new Uint8Array(readFileSync(join(this.dir, "dated.p12")));
  }

  /** A PKCS#12 with the certificate `certPath` and no private key. */
  withoutKey(certPath: string, password: string): Uint8Array {
    this.openssl(["pkcs12", "-export", "-nokeys", "-in", certPath, "-out", "nokey.p12", "-passout", `pass:${password}`]);
    return new Uint8Array(readFileSync(join(this.dir, "nokey.p12")));
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
