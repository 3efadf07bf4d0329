import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { RevocationProvider } from "@libpdf/core";
import { toArrayBuffer } from "./der";

const oid = {
  authorityInfoAccess: "1.3.6.1.5.5.7.1.1",
  ocsp: "1.3.6.1.5.5.7.48.1",
  crlDistributionPoints: "2.5.29.31",
  ocspBasic: "1.3.6.1.5.5.7.48.1.1",
};
const defaultTimeoutMs = 10_000;

/** What went wrong while gathering revocation data: the PDF must not be finalised without it. */
export type RevocationProblem = { kind: "revoked" | "unavailable"; subject: string; detail: string };

/**
 * Revocation data for PAdES B-LT, fetched from the sources each certificate names (OCSP in its Authority
 * Information Access, CRLs in its distribution points) and checked before it goes into the PDF: an OCSP
 * answer must be signed by the issuer (or a responder it certified) and say "good"; a CRL must not list the
 * certificate. Certificates that name no source give nothing (a self-signed development certificate, a root).
 * Nothing is thrown at the caller, which collects `problems` afterwards: a revoked certificate, or a source
 * that exists but could not be read, both mean the job should fail now and be retried, never that the file
 * is finished without the data.
 *
 * `localCrl` answers first for the certificates whose CRL we make ourselves (our own CAs': lib/pdf/signing-authority.ts);
 * null sends the request on to the distribution points.
 */
export function checkedRevocationProvider({
  timeoutMs = defaultTimeoutMs,
  localCrl,
}: { timeoutMs?: number; localCrl?: (certificate: Uint8Array) => Promise<Uint8Array | null> } = {}): RevocationProvider & {
  problems: RevocationProblem[];
} {
  const problems: RevocationProblem[] = [];
  // getCRL is not handed the issuer, but it is only asked after getOCSP, which is: kept here to check the list's signature.
  const issuers = new Map<string, Uint8Array>();
  return {
    problems,
    async getOCSP(certDer, issuerDer) {
      issuers.set(Buffer.from(certDer).toString("base64"), issuerDer);
      const certificate = parse(certDer);
      const url = ocspUrl(certificate);
      if (!url) return null;
      const subject = commonName(certificate);
      try {
        const issuer = parse(issuerDer);
        const request = new pkijs.OCSPRequest();
        await request.createForCertificate(certificate, { hashAlgorithm: "SHA-1", issuerCertificate: issuer });
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/ocsp-request", Accept: "application/ocsp-response" },
          body: new Uint8Array(request.toSchema(true).toBER()),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const ocsp = pkijs.OCSPResponse.fromBER(toArrayBuffer(bytes));
        const status = ocsp.responseStatus.valueBlock.valueDec;
        if (status !== 0 || !ocsp.responseBytes || ocsp.responseBytes.responseType !== oid.ocspBasic)
          throw new Error(`responder status ${status}`);
        const basic = pkijs.BasicOCSPResponse.fromBER(toArrayBuffer(new Uint8Array(ocsp.responseBytes.response.valueBlock.valueHexView)));
        if (!(await basic.verify({ trustedCerts: [issuer] }))) throw new Error("the answer's signature does not verify");
        const { isForCertificate, status: certStatus } = await basic.getCertificateStatus(certificate, issuer);
        if (!isForCertificate) throw new Error("the answer is about another certificate");
        if (certStatus === 1) {
          problems.push({ kind: "revoked", subject, detail: `OCSP ${url}` });
          return null;
        }
        if (certStatus !== 0) throw new Error("the responder does not know the certificate");
        return bytes;
      } catch (error) {
        problems.push({ kind: "unavailable", subject, detail: `OCSP ${url}: ${message(error)}` });
        return null;
      }
    },
    async getCRL(certDer) {
      const certificate = parse(certDer);
      if (localCrl) {
        try {
          const local = await localCrl(certDer);
          if (local) return local;
        } catch (error) {
          problems.push({ kind: "unavailable", subject: commonName(certificate), detail: `local CRL: ${message(error)}` });
          return null;
        }
      }
      const urls = crlUrls(certificate);
      if (urls.length === 0) return null;
      const subject = commonName(certificate);
      const failures: string[] = [];
      for (const url of urls) {
        try {
          const response = await fetch(url, { headers: { Accept: "application/pkix-crl" }, signal: AbortSignal.timeout(timeoutMs) });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const bytes = new Uint8Array(await response.arrayBuffer());
          const crl = pkijs.CertificateRevocationList.fromBER(toArrayBuffer(bytes));
          if (crl.nextUpdate && crl.nextUpdate.value < new Date()) throw new Error("the list is out of date");
          // A list from anyone but the certificate's issuer (a forged or misdirected answer) is worthless as evidence.
          if (!crl.issuer.isEqual(certificate.issuer)) throw new Error("the list is not the certificate issuer's");
          const issuerDer = issuers.get(Buffer.from(certDer).toString("base64"));
          if (issuerDer && !(await crl.verify({ issuerCertificate: parse(issuerDer) })))
            throw new Error("the list's signature does not verify");
          const serial = certificate.serialNumber;
          if (crl.revokedCertificates?.some((entry) => entry.userCertificate.isEqual(serial))) {
            problems.push({ kind: "revoked", subject, detail: `CRL ${url}` });
            return null;
          }
          return bytes;
        } catch (error) {
          failures.push(`CRL ${url}: ${message(error)}`);
        }
      }
      problems.push({ kind: "unavailable", subject, detail: failures.join("; ") });
      return null;
    },
  };
}

function parse(der: Uint8Array): pkijs.Certificate {
  return pkijs.Certificate.fromBER(toArrayBuffer(der));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function commonName(certificate: pkijs.Certificate): string {
  const cn = certificate.subject.typesAndValues.find((entry) => entry.type === "2.5.4.3");
  return cn ? String(cn.value.valueBlock.value) : "(no common name)";
}

function extensionValue(certificate: pkijs.Certificate, id: string): asn1js.AsnType | null {
  const extension = certificate.extensions?.find((entry) => entry.extnID === id);
  if (!extension) return null;
  const parsed = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView);
  return parsed.offset === -1 ? null : parsed.result;
}

function ocspUrl(certificate: pkijs.Certificate): string | null {
  const value = extensionValue(certificate, oid.authorityInfoAccess);
  if (!value) return null;
  const access = new pkijs.InfoAccess({ schema: value });
  // GeneralName type 6: uniformResourceIdentifier.
  const location = access.accessDescriptions.find(
    (entry) => entry.accessMethod === oid.ocsp && entry.accessLocation.type === 6,
  )?.accessLocation;
  return location ? String(location.value) : null;
}

function crlUrls(certificate: pkijs.Certificate): string[] {
  const value = extensionValue(certificate, oid.crlDistributionPoints);
  if (!value) return [];
  const points = new pkijs.CRLDistributionPoints({ schema: value });
  return points.distributionPoints.flatMap((point) =>
    Array.isArray(point.distributionPoint)
      ? point.distributionPoint.filter((name) => name.type === 6).map((name) => String(name.value))
      : [],
  );
}
