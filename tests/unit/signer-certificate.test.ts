import { spawnSync } from "node:child_process";
import { generateKeyPairSync, X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SigningCredentials } from "@/lib/pdf/credentials";
import { developmentSignerCaSubject, loadSignerCa } from "@/lib/pdf/signer-ca";
import { certifyOrganizationAuthority, identificationSerial, issueSignerCredentials, signerSubject } from "@/lib/pdf/signer-certificate";
import { emptyCrl, isCertificateAuthority, issuedBy } from "@/lib/pdf/x509";

/**
 * The signers' certificates (issue 15): the platform's signer CA certifies an organisation's CA, which issues each
 * signer a short-lived certificate naming them. node:crypto and the openssl command line check the chain.
 */

const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;
const arrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const pem = (der: Uint8Array) => `-----BEGIN CERTIFICATE-----\n${Buffer.from(der).toString("base64")}\n-----END CERTIFICATE-----\n`;

let workDir: string;
let platform: SigningCredentials;
let authority: SigningCredentials;
const signedAt = new Date(Date.now() - 90_000);

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), "rubrica-signer-ca-"));
  platform = await loadSignerCa({ NODE_ENV: "test", STORAGE_DIR: join(workDir, "storage") });
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const certificate = certifyOrganizationAuthority({
    organization: { name: "Servicios Ejemplo S.L.", createdAt: new Date(Date.now() - 86_400_000) },
    privateKey,
    platform,
    crlUrl: "https://rubrica.example/api/pki/signer-ca.crl",
  });
  authority = { certificate, chain: [platform.certificate, ...platform.chain], privateKey, development: true };
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function extension(der: Uint8Array, id: string): pkijs.Extension | undefined {
  return pkijs.Certificate.fromBER(arrayBuffer(der)).extensions?.find((entry) => entry.extnID === id);
}

describe("the platform's development signer CA", () => {
  it("is a CA whose subject says it is not valid, kept in memory in tests", async () => {
    const x509 = new X509Certificate(platform.certificate);
    expect(x509.subject).toContain(developmentSignerCaSubject.commonName);
    expect(x509.ca).toBe(true);
    expect(isCertificateAuthority(platform.certificate)).toBe(true);
    expect(x509.checkIssued(x509)).toBe(true);
    // Under NODE_ENV=test nothing is written to STORAGE_DIR, and the same configuration gives the same CA.
    expect(spawnSync("ls", [join(workDir, "storage")]).status).not.toBe(0);
    const again = await loadSignerCa({ NODE_ENV: "test", STORAGE_DIR: join(workDir, "storage") });
    expect(Buffer.from(again.certificate).equals(Buffer.from(platform.certificate))).toBe(true);
  });
});

describe("a configured signer CA", () => {
  /** A key and certificate made by openssl with the given extensions, exported as a PKCS#12. */
  function p12(name: string, extensions: string[]): string {
    const run = (args: string[]) => spawnSync("openssl", args, { cwd: workDir, encoding: "utf8" });
    run([
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      `${name}.key`,
      "-out",
      `${name}.crt`,
      "-days",
      "2",
      "-subj",
      `/C=ES/O=Rubrica Pruebas/CN=${name}`,
      ...extensions.flatMap((extension) => ["-addext", extension]),
    ]);
    run(["pkcs12", "-export", "-inkey", `${name}.key`, "-in", `${name}.crt`, "-out", `${name}.p12`, "-passout", "pass:clave-ca"]);
    return join(workDir, `${name}.p12`);
  }

  it.skipIf(!hasOpenssl)("is loaded from its PKCS#12 when it is a CA, and refused when it is not", async () => {
    const config = { NODE_ENV: "test", STORAGE_DIR: join(workDir, "storage"), PDF_SIGNER_CA_P12_PASSWORD: "clave-ca" };
    const ca = await loadSignerCa({
      ...config,
      PDF_SIGNER_CA_P12_PATH: p12("CA Firmantes Pruebas", [
        "basicConstraints=critical,CA:TRUE,pathlen:1",
        "keyUsage=critical,keyCertSign,cRLSign",
      ]),
    });
    expect(new X509Certificate(ca.certificate).subject).toContain("CN=CA Firmantes Pruebas");
    expect(ca.development).toBe(false);
    // An RSA CA certifies a P-256 organisation CA.
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const certificate = certifyOrganizationAuthority({
      organization: { name: "Otra S.A.", createdAt: new Date() },
      privateKey,
      platform: ca,
      crlUrl: "https://rubrica.example/api/pki/signer-ca.crl",
    });
    expect(issuedBy(certificate, ca.certificate)).toBe(true);
    await expect(
      loadSignerCa({
        ...config,
        PDF_SIGNER_CA_P12_PATH: p12("Firmante Final", ["basicConstraints=critical,CA:FALSE", "keyUsage=critical,digitalSignature"]),
      }),
    ).rejects.toThrow(/not a CA/);
    await expect(
      loadSignerCa({
        ...config,
        PDF_SIGNER_CA_P12_PATH: p12("CA Sin Firma", ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,cRLSign"]),
      }),
    ).rejects.toThrow(/not a CA/);
    // pathlen 0: it could sign the signers' certificates itself, but not the organisations' CAs.
    await expect(
      loadSignerCa({
        ...config,
        PDF_SIGNER_CA_P12_PATH: p12("CA Ultimo Nivel", [
          "basicConstraints=critical,CA:TRUE,pathlen:0",
          "keyUsage=critical,keyCertSign,cRLSign",
        ]),
      }),
    ).rejects.toThrow(/not a CA that may certify another/);
  });
});

describe("an organisation's signing CA", () => {
  it("is issued by the platform's signer CA and may only issue end-entity certificates", () => {
    const x509 = new X509Certificate(authority.certificate);
    expect(x509.subject).toContain("O=Servicios Ejemplo S.L.");
    expect(x509.subject).toContain("CN=Servicios Ejemplo S.L. — CA de firmantes (Rúbrica)");
    expect(issuedBy(authority.certificate, platform.certificate)).toBe(true);
    expect(isCertificateAuthority(authority.certificate)).toBe(true);
    const constraints = new pkijs.BasicConstraints({
      schema: asn1js.fromBER(extension(authority.certificate, "2.5.29.19")!.extnValue.valueBlock.valueHexView).result,
    });
    expect(constraints.cA).toBe(true);
    expect(constraints.pathLenConstraint).toBe(0);
  });
});

describe("a signer's certificate", () => {
  const identity = {
    firstName: "Lucía",
    lastName: "Fernández García",
    email: "lucia@example.test",
    country: "ES",
    identType: "DNI",
    identNumber: "12345678Z",
  };
  let credentials: SigningCredentials;
  const now = new Date();

  beforeAll(() => {
    credentials = issueSignerCredentials({
      identity,
      authority,
      crlUrl: "https://rubrica.example/api/pki/0123456789abcdef0123456789abcdef.crl",
      signingTime: signedAt,
      timestamped: true,
      now,
    });
  });

  it("names the signer: CN, given name, surname, identification as serialNumber, country and e-mail", () => {
    const x509 = new X509Certificate(credentials.certificate);
    const subject = x509.subject.split("\n");
    expect(subject).toEqual(
      expect.arrayContaining(["CN=Lucía Fernández García", "GN=Lucía", "SN=Fernández García", "serialNumber=IDCES-12345678Z", "C=ES"]),
    );
    expect(x509.subjectAltName).toBe("email:lucia@example.test");
    expect(x509.issuer).toBe(new X509Certificate(authority.certificate).subject);
  });

  it("is an end-entity certificate for signing documents, with a fresh P-256 key", () => {
    const x509 = new X509Certificate(credentials.certificate);
    expect(x509.ca).toBe(false);
    expect(x509.keyUsage).toEqual(["1.3.6.1.5.5.7.3.36"]);
    expect(x509.checkPrivateKey(credentials.privateKey)).toBe(true);
    expect(credentials.privateKey.asymmetricKeyDetails?.namedCurve).toBe("prime256v1");
    const usage = extension(credentials.certificate, "2.5.29.15")!;
    expect(usage.critical).toBe(true);
    const bits = asn1js.fromBER(usage.extnValue.valueBlock.valueHexView).result as asn1js.BitString;
    // digitalSignature and nonRepudiation, nothing else.
    expect(bits.valueBlock.valueHexView[0]).toBe(0xc0);
    expect(extension(credentials.certificate, "2.5.29.31")).toBeDefined();
    expect(extension(credentials.certificate, "2.5.29.35")).toBeDefined();
    const other = issueSignerCredentials({
      identity,
      authority,
      crlUrl: "https://rubrica.example/x.crl",
      signingTime: signedAt,
      timestamped: true,
    });
    expect(
      other.privateKey.export({ type: "pkcs8", format: "der" }).equals(credentials.privateKey.export({ type: "pkcs8", format: "der" })),
    ).toBe(false);
  });

  it("covers the claimed signing time and ends an hour from now", () => {
    const x509 = new X509Certificate(credentials.certificate);
    const from = new Date(x509.validFrom).getTime();
    const to = new Date(x509.validTo).getTime();
    expect(from).toBeLessThanOrEqual(signedAt.getTime());
    expect(from).toBeGreaterThan(signedAt.getTime() - 10 * 60_000);
    expect(Math.abs(to - (now.getTime() + 3_600_000))).toBeLessThan(2_000);
  });

  it("without a timestamp, lasts two years (validators judge a B-B signature at the current time), within its CA's validity", () => {
    const untimestamped = issueSignerCredentials({
      identity,
      authority,
      crlUrl: "https://rubrica.example/x.crl",
      signingTime: signedAt,
      timestamped: false,
      now,
    });
    const to = new Date(new X509Certificate(untimestamped.certificate).validTo).getTime();
    const authorityTo = new Date(new X509Certificate(authority.certificate).validTo).getTime();
    expect(to).toBe(Math.min(Math.floor((now.getTime() + 2 * 365 * 86_400_000) / 1000) * 1000, authorityTo));
    expect(to).toBeGreaterThan(now.getTime() + 365 * 86_400_000);
  });

  it("chains to the platform's signer CA: node:crypto and openssl verify it", () => {
    expect(new X509Certificate(credentials.certificate).checkIssued(new X509Certificate(authority.certificate))).toBe(true);
    expect(issuedBy(credentials.certificate, authority.certificate)).toBe(true);
    expect(issuedBy(credentials.certificate, platform.certificate)).toBe(false);
    expect(credentials.chain.map((der) => Buffer.from(der).toString("hex"))).toEqual(
      [authority.certificate, platform.certificate].map((der) => Buffer.from(der).toString("hex")),
    );
    if (!hasOpenssl) return;
    writeFileSync(join(workDir, "root.pem"), pem(platform.certificate));
    writeFileSync(join(workDir, "org.pem"), pem(authority.certificate));
    writeFileSync(join(workDir, "leaf.pem"), pem(credentials.certificate));
    const result = spawnSync(
      "openssl",
      ["verify", "-x509_strict", "-CAfile", join(workDir, "root.pem"), "-untrusted", join(workDir, "org.pem"), join(workDir, "leaf.pem")],
      { encoding: "utf8" },
    );
    expect(`${result.stdout}${result.stderr}`).toContain("leaf.pem: OK");
  });

  it("leaves out what it cannot say: no identification, no country, no e-mail", () => {
    const bare = issueSignerCredentials({
      identity: { firstName: "Ana", lastName: "Ruiz" },
      authority,
      crlUrl: "https://rubrica.example/x.crl",
      signingTime: new Date(),
      timestamped: true,
    });
    const x509 = new X509Certificate(bare.certificate);
    expect(x509.subject.split("\n").sort()).toEqual(["CN=Ana Ruiz", "GN=Ana", "SN=Ruiz"]);
    expect(x509.subjectAltName).toBeUndefined();
  });
});

describe("identification in ETSI EN 319 412-1 form", () => {
  it.each([
    ["ES", "DNI", "12345678Z", "IDCES-12345678Z"],
    ["ES", "NIE", "x1234567l", "IDCES-X1234567L"],
    ["ES", "PASSPORT", "PAA123456", "PASES-PAA123456"],
    ["MX", "CURP", "GODE561231HDFRRN09", "PNOMX-GODE561231HDFRRN09"],
    ["CO", "CC", "1020304050", "IDCCO-1020304050"],
    ["US", "DL", "D1234567", null],
    [null, "DNI", "12345678Z", null],
    ["ES", "DNI", null, null],
    ["ES", "DNI", "1234/678Z", null],
  ])("%s %s %s → %s", (country, type, number, expected) => {
    expect(identificationSerial(country, type, number)).toBe(expected);
  });

  it("puts it in the subject's serialNumber", () => {
    expect(
      signerSubject({ firstName: "Ana", lastName: "Ruiz", country: "ES", identType: "PASSPORT", identNumber: "XDA123456" }),
    ).toContainEqual({
      type: "2.5.4.5",
      value: "PASES-XDA123456",
    });
  });
});

describe("the CRLs of our CAs", () => {
  it("are empty, signed by the CA, and valid for a week", () => {
    const now = new Date();
    const crl = emptyCrl(authority, now);
    const parsed = pkijs.CertificateRevocationList.fromBER(arrayBuffer(crl));
    expect(parsed.revokedCertificates).toBeUndefined();
    expect(Math.abs(parsed.thisUpdate.value.getTime() - now.getTime())).toBeLessThan(1_000);
    expect(parsed.nextUpdate!.value.getTime() - parsed.thisUpdate.value.getTime()).toBe(7 * 86_400_000);
    if (!hasOpenssl) return;
    writeFileSync(join(workDir, "org.crl"), crl);
    writeFileSync(join(workDir, "org.pem"), pem(authority.certificate));
    const result = spawnSync(
      "openssl",
      ["crl", "-inform", "DER", "-in", join(workDir, "org.crl"), "-CAfile", join(workDir, "org.pem"), "-noout"],
      {
        encoding: "utf8",
      },
    );
    expect(`${result.stdout}${result.stderr}`).toContain("verify OK");
  });
});
