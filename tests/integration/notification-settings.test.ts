import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { GET as getSettings } from "@/app/api/notifications/settings/route";
import { PUT as putEvent } from "@/app/api/notifications/settings/[event]/route";
import { DELETE as restoreTemplate } from "@/app/api/notifications/settings/[event]/templates/[channel]/[language]/route";
import { POST as preview } from "@/app/api/notifications/preview/route";
import { POST as sendRoute } from "@/app/api/documents/[documentHexId]/send/route";
import { transactionTypes } from "@/lib/callbacks/transaction-log";
import { db } from "@/lib/db/client";
import { translator } from "@/lib/i18n/messages";
import type { EventView, NotificationSettingsView, PreviewView } from "@/lib/notifications/schemas";
import { closeProducers } from "@/lib/queue/enqueue";
import { runJob } from "@/workers/registry";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { twoOrganizations } from "../support/cast";
import { createTestUser, type TestOrganization } from "../support/fixtures";
import { call } from "../support/http";
import { createReadyDocument, testPhone } from "../support/ready-document";
import { signIn } from "../support/sign-in";
import { createSentShipment, signStep } from "../support/signing";
import { peers } from "./setup";

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: string;
let operatorA: string;
let adminB: string;
let viewerA: string;

beforeAll(async () => {
  ({ orgA, orgB, adminA, operatorA, adminB } = await twoOrganizations());
  // A role that may look at the notifications but not change them.
  const role = await db.role.create({
    data: {
      organizationId: orgA.organization.id,
      name: `Consulta ${randomHex(3)}`,
      privileges: { create: [{ module: "NOTIFICACION", canView: true }] },
    },
  });
  const viewer = await createTestUser(orgA, { role: "none" });
  await db.user.update({ where: { id: viewer.id }, data: { roleId: role.id } });
  viewerA = await signIn(viewer.email);
});

afterAll(async () => {
  await closeProducers();
});

type ErrorBody = { errorCode?: string; message?: string; field?: string; channel?: string; language?: string };

const settings = (token: string) => call<NotificationSettingsView & ErrorBody>(getSettings, "/api/notifications/settings", { token });
const update = (token: string, event: string, body: unknown, locale = "es-es") =>
  call<EventView & ErrorBody>(putEvent, `/api/notifications/settings/${event}`, {
    method: "PUT",
    token,
    body,
    params: { event },
    headers: { "accept-language": locale },
  });
const restore = (token: string, event: string, channel: string, language: string) =>
  call<EventView & ErrorBody>(restoreTemplate, `/api/notifications/settings/${event}/templates/${channel}/${language}`, {
    method: "DELETE",
    token,
    params: { event, channel, language },
  });
const render = (token: string, body: unknown) =>
  call<PreviewView & ErrorBody>(preview, "/api/notifications/preview", { method: "POST", token, body });
const send = (token: string, documentHexId: string) =>
  call(sendRoute, `/api/documents/${documentHexId}/send`, { method: "POST", token, params: { documentHexId } });

const linkPattern = /http:\/\/127\.0\.0\.1:3000\/sign\/([0-9a-f]{32})\/([0-9a-f]{32})/;

/** Sends a ready shipment and runs its invitation jobs, as the worker would. */
async function sendAndDeliver(organizationId: number, token: string, signers: Parameters<typeof createReadyDocument>[1]["signers"]) {
  const ready = await createReadyDocument(organizationId, { signers });
  expect((await send(token, ready.document.hexId)).status).toBe(200);
  // A worker of another test file may take the job first: then this run finds it sent and skips it.
  for (const delivery of await db.delivery.findMany({ where: { signer: { documentId: ready.document.id } } }))
    expect(["sent", "skipped"]).toContain(
      ((await runJob("shipments.deliver-invitation", { deliveryId: delivery.id })) as { result: string }).result,
    );
  return ready;
}

const notificationLogs = (organizationId: number) =>
  db.operationLog.findMany({ where: { organizationId, moduleId: "NOTIFICACION" }, orderBy: { id: "asc" } });

describe("notification settings: what an organisation sees", () => {
  it("shows every event with the product's texts as defaults, the signer's invitation fixed on both channels", async () => {
    const { status, body } = await settings(adminA);
    expect(status).toBe(200);
    expect(body._embedded.notificationEvents.map((e) => e.event)).toEqual([
      "signerInvited",
      "signerReminded",
      "signerRejected",
      "documentCompleted",
      "signedCopyReady",
    ]);
    const invited = body._embedded.notificationEvents.find((e) => e.event === "signerInvited")!;
    expect(invited.linkRequired).toBe(true);
    expect(invited.recipients).toEqual([
      { recipient: "SIGNER", channel: "EMAIL", enabled: true, byDefault: true, locked: true },
      { recipient: "SIGNER", channel: "SMS", enabled: true, byDefault: true, locked: true },
    ]);
    const spanishMail = invited.templates.find((t) => t.channel === "EMAIL" && t.language === "es-es")!;
    const t = translator("es-es", "mail");
    expect(spanishMail).toMatchObject({
      customised: false,
      subject: t("invitation.subject", { organization: "{organizationName}", title: "{documentTitle}" }),
    });
    expect(spanishMail.body).toContain("{link}");
    expect(spanishMail.default).toEqual({ subject: spanishMail.subject, body: spanishMail.body });
    const completed = body._embedded.notificationEvents.find((e) => e.event === "documentCompleted")!;
    expect(completed.recipients.map((c) => [c.recipient, c.enabled])).toEqual([
      ["SENDER", true],
      ["ADMINS", false],
    ]);
    expect(body.limits.sms).toBeGreaterThan(0);
  });

  it("needs NOTIFICACION:VIEW to look and NOTIFICACION:UPDATE to change", async () => {
    expect((await settings(operatorA)).status).toBe(403);
    expect((await settings(viewerA)).status).toBe(200);
    const sample = { event: "signerInvited", channel: "SMS", language: "es-es", body: "Firme: {link}" };
    expect((await render(viewerA, sample)).status).toBe(200);
    const refused = await update(viewerA, "signerRejected", { recipients: [{ recipient: "ADMINS", channel: "EMAIL", enabled: true }] });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe("FORBIDDEN");
    expect((await restore(viewerA, "signerInvited", "EMAIL", "es-es")).status).toBe(403);
    expect(await db.notificationRule.count({ where: { organizationId: orgA.organization.id } })).toBe(0);
  });
});

describe("notification settings: the rules of a template", () => {
  it("refuses an unknown placeholder, a lost link, a stray brace, a fixed recipient and an unknown event, with clear messages, writing nothing", async () => {
    const unknown = await update(adminA, "signerRejected", {
      templates: [{ channel: "EMAIL", language: "es-es", subject: "Rechazo de {signerName}", body: "Motivo: {reason}. IBAN: {iban}" }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errorCode: "NOTIFICATION_PLACEHOLDER_UNKNOWN",
      field: "body",
      channel: "EMAIL",
      language: "es-es",
    });
    expect(unknown.body.message).toContain("{iban}");
    expect(unknown.body.message).toContain("{reason}");

    const noLink = await update(
      adminA,
      "signerInvited",
      { templates: [{ channel: "SMS", language: "en-us", body: "Please sign {documentTitle}" }] },
      "en-us",
    );
    expect(noLink.body).toMatchObject({ errorCode: "NOTIFICATION_LINK_REQUIRED", field: "body", channel: "SMS", language: "en-us" });
    expect(noLink.body.message).toBe(
      "The text must keep the {link} placeholder: without it, the recipient would not get their personal link.",
    );
    expect(
      (await update(adminA, "signerInvited", { templates: [{ channel: "SMS", language: "es-es", body: "{link} {documentTitle" }] })).body
        .errorCode,
    ).toBe("NOTIFICATION_BRACES_UNMATCHED");
    expect(
      (
        await update(adminA, "signerInvited", {
          templates: [{ channel: "EMAIL", language: "es-es", subject: "Firme {link}", body: "{link}" }],
        })
      ).body,
    ).toMatchObject({
      errorCode: "NOTIFICATION_PLACEHOLDER_UNKNOWN",
      field: "subject",
    });
    expect(
      (await update(adminA, "signerInvited", { templates: [{ channel: "SMS", language: "es-es", body: `{link} ${"x".repeat(600)}` }] }))
        .body,
    ).toMatchObject({
      errorCode: "NOTIFICATION_TEXT_TOO_LONG",
      max: 480,
    });
    const fixed = await update(adminA, "signerInvited", { recipients: [{ recipient: "SIGNER", channel: "SMS", enabled: false }] });
    expect(fixed.body.errorCode).toBe("NOTIFICATION_RECIPIENT_FIXED");
    expect(
      (await update(adminA, "signerRejected", { recipients: [{ recipient: "SIGNER", channel: "EMAIL", enabled: true }] })).body.errorCode,
    ).toBe("NOTIFICATION_RECIPIENT_UNKNOWN");
    expect(
      (await update(adminA, "documentCompleted", { templates: [{ channel: "SMS", language: "es-es", body: "x" }] })).body.errorCode,
    ).toBe("NOTIFICATION_TEMPLATE_UNKNOWN");
    const unknownEvent = await update(adminA, "documentExploded", {});
    expect([unknownEvent.status, unknownEvent.body.errorCode]).toEqual([404, "NOTIFICATION_EVENT_UNKNOWN"]);
    // One bad template among good changes: nothing is written.
    expect(
      (
        await update(adminA, "signerRejected", {
          recipients: [{ recipient: "ADMINS", channel: "EMAIL", enabled: true }],
          templates: [{ channel: "EMAIL", language: "es-es", subject: "Rechazo", body: "{nope}" }],
        })
      ).status,
    ).toBe(400);
    expect(await db.notificationRule.count({ where: { organizationId: orgA.organization.id } })).toBe(0);
    expect(await db.notificationTemplate.count({ where: { organizationId: orgA.organization.id } })).toBe(0);
    expect(await notificationLogs(orgA.organization.id)).toHaveLength(0);
  });

  it("previews a template with sample data without saving it, escaping values in the HTML, and counts an SMS", async () => {
    const mail = await render(adminA, {
      event: "signerInvited",
      channel: "EMAIL",
      language: "es-es",
      subject: "Firme «{documentTitle}»",
      body: "Hola {recipientName} <b>:\n\n{link}",
    });
    expect(mail.status).toBe(200);
    expect(mail.body.subject).toBe(`Firme «${translator("es-es", "notificationSettings.sample")("documentTitle")}»`);
    expect(mail.body.html).toContain(orgA.organization.name);
    expect(mail.body.html).toContain("&#60;b&#62;");
    expect(mail.body.html).not.toContain("<b>");
    expect(mail.body.text).toMatch(linkPattern);
    const sms = await render(adminA, { event: "signerReminded", channel: "SMS", language: "en-us", body: "Sign {documentTitle}: {link}" });
    expect(sms.body.text).toMatch(/^Sign Lease agreement: http:\/\/127\.0\.0\.1:3000\/sign\//);
    expect(sms.body.sms).toEqual({ length: sms.body.text.length, segments: 1, unicode: false });
    expect((await render(adminA, { event: "signerReminded", channel: "SMS", language: "en-us", body: "Sign now" })).body.errorCode).toBe(
      "NOTIFICATION_LINK_REQUIRED",
    );
    expect(await db.notificationTemplate.count({ where: { organizationId: orgA.organization.id } })).toBe(0);
  });
});

describe("notification settings: what the product sends", () => {
  it("a customised Spanish invitation reaches the signer with the organisation's text and a working link; restoring brings the product's back", async () => {
    const body = "Estimado/a {recipientName}:\n\n{organizationName} necesita su firma en «{documentTitle}». Acceda aquí: {link}\n\n{link}";
    const saved = await update(adminA, "signerInvited", {
      templates: [{ channel: "EMAIL", language: "es-es", subject: "Firma pendiente: {documentTitle}", body }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.templates.find((t) => t.channel === "EMAIL" && t.language === "es-es")).toMatchObject({ customised: true, body });
    const logs = await notificationLogs(orgA.organization.id);
    expect(logs.map((l) => l.operationEventId)).toEqual(["NOTIFICATION_TEMPLATE_UPDATE"]);
    expect(logs[0]!.detail).toContain("signerInvited EMAIL es-es");
    // Saving the same again is no change.
    await update(adminA, "signerInvited", {
      templates: [{ channel: "EMAIL", language: "es-es", subject: "Firma pendiente: {documentTitle}", body }],
    });
    expect(await notificationLogs(orgA.organization.id)).toHaveLength(1);

    const { signers, title } = await sendAndDeliver(orgA.organization.id, adminA, [{ language: "es_es" }, { language: "en_us" }]);
    const spanish = await peers.mail.waitFor((m) => m.to.includes(signers[0]!.email!), 10_000);
    expect(spanish.subject).toBe(`Firma pendiente: ${title}`);
    expect(spanish.text).toContain(`${orgA.organization.name} necesita su firma en «${title}». Acceda aquí: http://127.0.0.1:3000/sign/`);
    expect(spanish.text).toContain(`Estimado/a ${signers[0]!.firstName}:`);
    const link = linkPattern.exec(spanish.text)!;
    expect(link[2]).toBe(signers[0]!.hexId);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } })).urlSignHash).toBe(sha256Hex(link[1]!));
    expect(spanish.html).toContain(`href="${link[0]}"`);
    // The English signer still gets the product's English text: only the Spanish template changed.
    const english = await peers.mail.waitFor((m) => m.to.includes(signers[1]!.email!), 10_000);
    expect(english.subject).toBe(translator("en-us", "mail")("invitation.subject", { organization: orgA.organization.name, title }));

    // Organisation B is untouched by A's template.
    const other = await sendAndDeliver(orgB.organization.id, adminB, [{ language: "es_es" }]);
    const toB = await peers.mail.waitFor((m) => m.to.includes(other.signers[0]!.email!), 10_000);
    expect(toB.subject).toBe(
      translator("es-es", "mail")("invitation.subject", { organization: orgB.organization.name, title: other.title }),
    );
    const seenByB = (await settings(adminB)).body._embedded.notificationEvents.find((e) => e.event === "signerInvited")!;
    expect(seenByB.templates.every((t) => !t.customised)).toBe(true);
    // B restoring "its" template leaves A's alone.
    await restore(adminB, "signerInvited", "EMAIL", "es-es");
    expect(await db.notificationTemplate.count({ where: { organizationId: orgA.organization.id } })).toBe(1);

    const restored = await restore(adminA, "signerInvited", "EMAIL", "es-es");
    expect(restored.status).toBe(200);
    expect(restored.body.templates.find((t) => t.channel === "EMAIL" && t.language === "es-es")).toMatchObject({ customised: false });
    expect((await notificationLogs(orgA.organization.id)).map((l) => l.operationEventId)).toEqual([
      "NOTIFICATION_TEMPLATE_UPDATE",
      "NOTIFICATION_TEMPLATE_RESTORE",
    ]);
    const again = await sendAndDeliver(orgA.organization.id, adminA, [{ language: "es_es" }]);
    const product = await peers.mail.waitFor((m) => m.to.includes(again.signers[0]!.email!), 10_000);
    expect(product.subject).toBe(
      translator("es-es", "mail")("invitation.subject", { organization: orgA.organization.name, title: again.title }),
    );
  });

  it("an SMS template is what the SMS path sends", async () => {
    expect(
      (
        await update(adminA, "signerInvited", {
          templates: [{ channel: "SMS", language: "es-es", body: "{organizationName}: firme «{documentTitle}» en {link}" }],
        })
      ).status,
    ).toBe(200);
    const phone = testPhone();
    const { signers, title } = await sendAndDeliver(orgA.organization.id, adminA, [{ cellPhone: phone, favourite: "SMS" }]);
    const sms = await peers.sms.waitFor((m) => m.to === phone, 10_000);
    const link = linkPattern.exec(sms.body)!;
    expect(sms.body).toBe(`${orgA.organization.name}: firme «${title}» en ${link[0]}`);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } })).urlSignHash).toBe(sha256Hex(link[1]!));
    await restore(adminA, "signerInvited", "SMS", "es-es");
  });

  it("turning off the completion mail to the sender stops it; turning on the administrators sends it to them", async () => {
    const sender = await createTestUser(orgA, { role: "operator" });
    const extraAdmin = await createTestUser(orgA, { language: "en_us" });
    const changed = await update(adminA, "documentCompleted", {
      recipients: [
        { recipient: "SENDER", channel: "EMAIL", enabled: false },
        { recipient: "ADMINS", channel: "EMAIL", enabled: true },
      ],
    });
    expect(changed.body.recipients.map((c) => [c.recipient, c.enabled])).toEqual([
      ["SENDER", false],
      ["ADMINS", true],
    ]);
    expect(
      (await notificationLogs(orgA.organization.id)).filter((l) => l.operationEventId === "NOTIFICATION_RECIPIENT_UPDATE"),
    ).toHaveLength(2);

    const { document, signers } = await createSentShipment(orgA.organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    await db.document.update({ where: { id: document.id }, data: { senderId: sender.id } });
    expect((await signStep(signers[0]!.hexId, signers[0]!.secret!)).body.finished).toBe(true);
    expect(await runJob("signing.seal-document", { documentId: document.id })).toMatchObject({ sealed: 1 });
    expect(await runJob("callbacks.completion-mail", { documentId: document.id })).toEqual({ result: "sent" });
    const toAdmin = await peers.mail.waitFor((m) => m.to.includes(extraAdmin.email) && m.text.includes(document.hexId), 10_000);
    expect(toAdmin.subject).toBe(translator("en-us", "mail")("completion.subject", { title: document.title }));
    // The signer's own copy is a different event and still goes.
    expect(await runJob("callbacks.completion-mail", { documentId: document.id, signerId: signers[0]!.id })).toEqual({ result: "sent" });
    await peers.mail.waitFor((m) => m.to.includes(signers[0]!.email!) && /files-download/.test(m.text), 10_000);
    expect(peers.mail.messages.some((m) => m.to.includes(sender.email))).toBe(false);
    // Recorded as handled, so that neither a retry nor the reconcile job mails the sender later.
    const rows = await db.transactionLog.findMany({
      where: { transactionHexId: document.hexId, typeId: transactionTypes.COMPLETION_MAIL },
    });
    expect(rows.map((r) => r.description)).toContain("completion mail to sender: not sent, turned off in the organisation's notifications");
    expect(await runJob("callbacks.completion-mail", { documentId: document.id })).toEqual({ result: "skipped" });
    expect(peers.mail.messages.some((m) => m.to.includes(sender.email))).toBe(false);
  });
  it("a rejection reaches the administrators when the organisation turns them on, in their language and with the organisation's text", async () => {
    const admin = await createTestUser(orgB, { language: "en_us" });
    expect(
      (
        await update(adminB, "signerRejected", {
          recipients: [{ recipient: "ADMINS", channel: "EMAIL", enabled: true }],
          templates: [
            {
              channel: "EMAIL",
              language: "en-us",
              subject: "Declined: {documentTitle}",
              body: "{signerName} said: {reason}\n\n{shipmentState}\n\n{link}",
            },
          ],
        })
      ).status,
    ).toBe(200);
    const { document, signers } = await createSentShipment(orgB.organization.id, { signers: [{}, {}], steps: ["SIGNATURE"] });
    const reason = `<b>No</b> ${randomHex(3)}`;
    await db.signer.update({
      where: { id: signers[0]!.id },
      data: { status: "REJECTED", rejectedAt: new Date(), rejectionReason: reason },
    });
    expect(await runJob("callbacks.rejection-mail", { signerId: signers[0]!.id })).toEqual({ result: "sent" });
    const mail = await peers.mail.waitFor((m) => m.to.includes(admin.email), 10_000);
    expect(mail.subject).toBe(`Declined: ${document.title}`);
    expect(mail.text).toContain(`${signers[0]!.firstName} ${signers[0]!.lastName} said: ${reason}`);
    expect(mail.text).toContain(translator("en-us", "mail")("rejection.continues"));
    expect(mail.html).toContain("&#60;b&#62;No&#60;/b&#62;");
    // Organisation A's administrators hear nothing of B's shipment.
    const adminsOfA = await db.user.findMany({ where: { organizationId: orgA.organization.id, roleId: orgA.adminRole.id } });
    expect(adminsOfA.length).toBeGreaterThan(0);
    expect(peers.mail.messages.some((m) => m.text.includes(document.hexId) && adminsOfA.some((u) => m.to.includes(u.email)))).toBe(false);
  });
});
