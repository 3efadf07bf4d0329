import { describe, expect, it } from "vitest";
import { defaultTemplate, eventDefinitions, notificationEvents, templateLanguages } from "@/lib/notifications/events";
import { renderMail, renderSms, smsLength, templateLimits, templateProblem } from "@/lib/notifications/template";

const layout = { organizationName: "Notaría <Demo>", logoUrl: null, action: "Revisar y firmar", signature: "Rúbrica" };
const link = "https://rubrica.example/sign/aaaa/bbbb";

describe("notification templates", () => {
  it("the product's texts are valid templates of their events, in both languages", () => {
    for (const event of notificationEvents)
      for (const channel of eventDefinitions[event].channels)
        for (const language of templateLanguages) {
          const template = defaultTemplate(event, channel, language)!;
          expect({ event, channel, language, problem: templateProblem(event, channel, template)?.code ?? null }).toEqual({
            event,
            channel,
            language,
            problem: null,
          });
        }
  });

  it("refuses an unknown placeholder, naming it and the ones allowed", () => {
    const problem = templateProblem("signerRejected", "EMAIL", { subject: "Hola {signerName}", body: "{reason} {iban}" });
    expect(problem?.code).toBe("NOTIFICATION_PLACEHOLDER_UNKNOWN");
    expect(problem?.meta).toMatchObject({ field: "body", placeholder: "{iban}" });
    expect(String(problem?.meta.allowed)).toContain("{reason}");
    // A placeholder of another event is unknown here too.
    expect(templateProblem("signedCopyReady", "EMAIL", { subject: "x", body: "{reason} {link}" })?.code).toBe(
      "NOTIFICATION_PLACEHOLDER_UNKNOWN",
    );
  });

  it("keeps the link out of the subject and in every invitation and reminder text", () => {
    expect(templateProblem("signerInvited", "EMAIL", { subject: "Firme {link}", body: "{link}" })?.meta.field).toBe("subject");
    for (const event of ["signerInvited", "signerReminded"] as const)
      for (const channel of ["EMAIL", "SMS"] as const)
        expect(templateProblem(event, channel, { subject: "Firme", body: "Firme, por favor." })?.code).toBe("NOTIFICATION_LINK_REQUIRED");
    expect(templateProblem("documentCompleted", "EMAIL", { subject: "Firmado", body: "Ya está." })).toBeNull();
  });

  it("refuses stray braces, empty texts and texts over the limits", () => {
    expect(templateProblem("signerInvited", "SMS", { subject: null, body: "{link} {documentTitle" })?.code).toBe(
      "NOTIFICATION_BRACES_UNMATCHED",
    );
    expect(templateProblem("signerInvited", "EMAIL", { subject: " ", body: "{link}" })?.code).toBe("NOTIFICATION_TEXT_REQUIRED");
    const long = templateProblem("signerInvited", "SMS", { subject: null, body: `{link} ${"a".repeat(templateLimits.sms)}` });
    expect(long?.code).toBe("NOTIFICATION_TEXT_TOO_LONG");
    expect(long?.meta.max).toBe(templateLimits.sms);
  });

  it("puts values in as text: escaped in HTML, never read as placeholders or markup", () => {
    const mail = renderMail(
      "signerInvited",
      { subject: "Firme «{documentTitle}»", body: "Hola {recipientName}:\n\nVea {link} ahora.\n\n{expiryNotice}\n\n{link}" },
      { recipientName: "<script>alert(1)</script>", documentTitle: "{link}", link, expiryNotice: "" },
      layout,
    );
    expect(mail.subject).toBe("Firme «{link}»");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&#60;script&#62;");
    expect(mail.html).toContain("Notaría &#60;Demo&#62;");
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    expect(mail.html).toContain(">Revisar y firmar</a>");
    // The empty expiry paragraph is left out; the text part writes the link.
    expect(mail.text).toBe(
      ["Notaría <Demo>", "", "Hola <script>alert(1)</script>:", "", `Vea ${link} ahora.`, "", link, "", "Rúbrica"].join("\n"),
    );
  });

  it("never sends an invitation without its link, even from a stored text that lost it", () => {
    expect(renderSms("signerInvited", { subject: null, body: "Firme ya" }, { link })).toBe(`Firme ya\n\n${link}`);
    expect(renderMail("signerReminded", { subject: "R", body: "Firme ya" }, { link }, layout).text).toContain(link);
  });

  it("counts an SMS's length and parts, UCS-2 when a character is outside GSM-7", () => {
    expect(smsLength("a".repeat(160))).toEqual({ length: 160, segments: 1, unicode: false });
    expect(smsLength("a".repeat(161))).toEqual({ length: 161, segments: 2, unicode: false });
    expect(smsLength("«" + "a".repeat(70))).toEqual({ length: 71, segments: 2, unicode: true });
  });
});
