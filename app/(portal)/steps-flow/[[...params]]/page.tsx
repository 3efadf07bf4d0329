import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { StepFlowEditor, type EditorMode } from "@/components/flows/step-flow-editor";
import { requirePage } from "@/lib/auth/page-guard";
import { isAppError } from "@/lib/errors/app-error";
import { getFlow } from "@/lib/flows/get-flow";
import { listDocumentTypes } from "@/lib/document-types/list-document-types";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("stepsFlow");

/** What {flowProcess?} may say; without it the flow is edited (or, with no flowIdSel, created). */
const processes = ["clone", "view"] as const;

/**
 * /steps-flow/{flowIdSel?}/{flowProcess?}: flowIdSel is the flow's hexId (none: a new flow);
 * flowProcess "clone" opens its steps as a new flow, "view" shows it read-only. A flow already in
 * use is always shown read-only, since it can no longer be edited.
 */
export default async function StepsFlowPage({ params }: CatchAllProps) {
  const { params: segments } = await params;
  const context = await requirePage(routePath("steps-flow", segments));
  const { flowIdSel, flowProcess } = namedSegments(segments, ["flowIdSel", "flowProcess"]);
  if (flowProcess !== undefined && !(processes as readonly string[]).includes(flowProcess)) notFound();
  const flow = flowIdSel
    ? await getFlow(context, flowIdSel).catch((error: unknown) => {
        if (isAppError(error) && error.code === "NOT_FOUND") notFound();
        throw error;
      })
    : null;
  const { data: documentTypes } = await listDocumentTypes(context);
  const mode: EditorMode = !flow ? "new" : flowProcess === "clone" ? "clone" : flowProcess === "view" || flow.inUse ? "view" : "edit";
  const canCreate = satisfies(context.authorities, { kind: "privilege", module: "ORGANIZACION", action: "CREATE" });
  const t = await getTranslations("flows.editor");
  return (
    <div className="mx-auto max-w-4xl">
      <PageTitle subtitle={t("subtitle")}>{t(`heading.${mode}`, { name: flow?.name ?? "" })}</PageTitle>
      <StepFlowEditor mode={mode} flow={flow} documentTypes={documentTypes} canSave={mode === "edit" || canCreate} canClone={canCreate} />
    </div>
  );
}
