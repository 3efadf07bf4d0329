import { describe, expect, it } from "vitest";
import { deliveryFailureReason } from "@/lib/documents/delivery-failure";
import { formatInTimeZone } from "@/lib/i18n/time-zone";
import { maskAddressesIn, maskDestination, maskEmail, maskPhone } from "@/lib/documents/mask-destination";
import { attachmentDisposition } from "@/lib/http/content-disposition";
import { imageType } from "@/lib/organizations/organization-logo";

describe("masking a dispatch's destination", () => {
  it("keeps an e-mail's first letter and domain", () => {
    expect(maskEmail("ana.garcia@example.com")).toBe("a***@example.com");
    expect(maskEmail("A@sub.example.es")).toBe("A***@sub.example.es");
    expect(maskEmail("not-an-address")).toBe("***");
  });

  it("keeps a phone's country code, first digit and last two digits", () => {
    expect(maskPhone("+34612345612")).toBe("+34 6** *** *12");
    expect(maskPhone("+34 612 34 56 12")).toBe("+34 6** *** *12");
    expect(maskPhone("+15005550006")).toBe("+1 5** *** **06");
    expect(maskPhone("+351912345678")).toBe("+351 9** *** *78");
    expect(maskPhone("612345612")).toBe("6** *** *12");
    expect(maskPhone("12")).toBe("***");
  });

  it("masks by channel, and nothing when there is no address", () => {
    expect(maskDestination("EMAIL", "luis@example.org")).toBe("l***@example.org");
    expect(maskDestination("SMS", "+34612345612")).toBe("+34 6** *** *12");
    expect(maskDestination("SMS", null)).toBeNull();
    expect(maskDestination("EMAIL", "  ")).toBeNull();
  });

  it("masks every address in a transport's message but leaves hosts and ports readable", () => {
    expect(maskAddressesIn("550 5.1.1 <ana@example.com>: Recipient address rejected")).toBe(
      "550 5.1.1 <a***@example.com>: Recipient address rejected",
    );
    expect(maskAddressesIn("The 'To' number +34612345612 is not a valid phone number.")).toBe(
      "The 'To' number +34 6** *** *12 is not a valid phone number.",
    );
    expect(maskAddressesIn("connect ECONNREFUSED 127.0.0.1:2625")).toBe("connect ECONNREFUSED 127.0.0.1:2625");
  });
});

describe("why a dispatch failed", () => {
  it("names the reason from the transport's own words", () => {
    expect(deliveryFailureReason(null)).toBeNull();
    expect(deliveryFailureReason("connect ECONNREFUSED 127.0.0.1:2625")).toBe("UNREACHABLE");
    expect(deliveryFailureReason("getaddrinfo ENOTFOUND smtp.example.com")).toBe("UNREACHABLE");
    expect(deliveryFailureReason("Connection timeout")).toBe("TIMEOUT");
    expect(deliveryFailureReason("The signer has no e-mail address")).toBe("NO_ADDRESS");
    expect(deliveryFailureReason("The signer has no mobile phone")).toBe("NO_ADDRESS");
    expect(deliveryFailureReason("sendSms needs the recipient as an E.164 number (+ and up to 15 digits)")).toBe("INVALID_ADDRESS");
    expect(deliveryFailureReason("The 'To' number +34612 is not a valid phone number.")).toBe("INVALID_ADDRESS");
    expect(
      deliveryFailureReason("Can't send mail - all recipients were rejected: 550 5.1.1 <x@example.com>: Recipient address rejected"),
    ).toBe("REJECTED");
    expect(deliveryFailureReason("Attempt to send to unsubscribed recipient")).toBe("REJECTED");
    expect(deliveryFailureReason("Invalid login: 535 5.7.8 Authentication credentials invalid")).toBe("CONFIGURATION");
    expect(deliveryFailureReason("553 5.7.1 Sender address rejected: not owned by user")).toBe("CONFIGURATION");
    expect(deliveryFailureReason("Something odd happened")).toBe("UNKNOWN");
  });
});

describe("times in the organisation's time zone", () => {
  it("shows the clock of the zone, summer time included", () => {
    expect(formatInTimeZone(new Date("2026-01-15T10:00:00Z"), "Europe/Madrid")).toBe("2026-01-15 11:00:00");
    expect(formatInTimeZone(new Date("2026-07-15T10:00:00Z"), "Europe/Madrid")).toBe("2026-07-15 12:00:00");
    expect(formatInTimeZone(new Date("2026-07-15T23:30:05Z"), "UTC")).toBe("2026-07-15 23:30:05");
    expect(formatInTimeZone(new Date("2026-07-15T03:00:00Z"), "America/Bogota")).toBe("2026-07-14 22:00:00");
  });
});

describe("download file names", () => {
  it("give an ASCII fallback and the exact UTF-8 name", () => {
    expect(attachmentDisposition("Contrato de señal-firmado.pdf")).toBe(
      `attachment; filename="Contrato de senal-firmado.pdf"; filename*=UTF-8''Contrato%20de%20se%C3%B1al-firmado.pdf`,
    );
    expect(attachmentDisposition('a"b\r\n.pdf')).toBe(`attachment; filename="a_b__.pdf"; filename*=UTF-8''a_b__.pdf`);
  });
});

describe("logo images", () => {
  it("are recognised by their content, not their name", () => {
    expect(imageType(Buffer.from("89504e470d0a1a0a0000", "hex"))).toBe("image/png");
    expect(imageType(Buffer.from("ffd8ffe000104a464946", "hex"))).toBe("image/jpeg");
    expect(imageType(Buffer.from("GIF89a..."))).toBe("image/gif");
    expect(imageType(Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 ")]))).toBe("image/webp");
    expect(imageType(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(
      "image/svg+xml",
    );
    expect(imageType(Buffer.from("<html><svg></svg></html>"))).toBeNull();
    expect(imageType(Buffer.from("%PDF-1.7"))).toBeNull();
  });
});
