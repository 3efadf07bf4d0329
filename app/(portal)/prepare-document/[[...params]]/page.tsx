import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { PrepareDocumentScreen } from "@/components/documents/prepare-document-screen";
import type { AuthContext } from "@/lib/auth/context";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";
import { listDocumentTypes } from "@/lib/document-types/list-document-types";
import { getDraft } from "@/lib/documents/get-draft";
import { isAppError } from "@/lib/errors/app-error";
import { listFlows } from "@/lib/flows/list-flows";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("prepareDocument");

/** Another organisation's id, or a shipment already sent, is not a draft this page can resume. */
async function draftOrNotFound(context: AuthContext, documentHexId: string) {
  try {
    const draft = await getDraft(context, documentHexId);
    if (draft.status !== "DRAFT") notFound();
    return draft;
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

/** /prepare-document/{documentHexId?} */
export default async function PrepareDocumentPage({ params }: CatchAllProps) {
  const { params: segments } = await params;
  const context = await requirePage(routePath("prepare-document", segments));
  const { documentHexId } = namedSegments(segments, ["documentHexId"]);
  const t = await getTranslations("prepareDocument");
  const [draft, flows, documentTypes, maxUploadMb] = await Promise.all([
    documentHexId ? draftOrNotFound(context, documentHexId) : null,
    listFlows(context, { kind: "SIGNATURE", active: "true" }),
    listDocumentTypes(context),
    getConfigNumber(context.organizationId, "max_upload_mb"),
  ]);
  const flowOptions = flows._embedded.flows.map((f) => ({
    flowHexId: f.flowHexId,
    name: f.name,
    active: f.active,
    isDefault: f.isDefault,
  }));
  // A draft may hold a flow deactivated since; it stays visible so saving does not drop it unnoticed.
  const current = draft?.flow;
  if (current && !flowOptions.some((f) => f.flowHexId === current.flowHexId))
    flowOptions.push({ flowHexId: current.flowHexId, name: current.name, active: false, isDefault: false });
  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <PrepareDocumentScreen
        key={draft?.documentHexId ?? "new"}
        initialDraft={draft}
        flows={flowOptions}
        documentTypes={documentTypes.data.map((d) => ({ documentTypeHexId: d.documentTypeHexId, name: d.name, isDefault: d.isDefault }))}
        maxUploadMb={maxUploadMb}
        canSearchContacts={satisfies(context.authorities, { kind: "privilege", module: "CONTACTO", action: "VIEW" })}
      />
    </div>
  );
}
