"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import type { FlowView } from "@/lib/flows/flow-records";
import type { DocumentTypeView } from "@/lib/document-types/document-type-records";
import {
  activationIssues,
  createFlowInput,
  defaultExpirationDays,
  faceSourceSteps,
  flowBounds,
  flowConfigIssues,
  flowKinds,
  settingsOf,
  stepsOfKind,
  updateFlowInput,
  type CompareTarget,
  type FlowIssue,
  type FlowKindName,
  type FlowStepType,
} from "@/lib/flows/flow-schemas";
import { SubmitButton } from "@/components/ui/submit-button";

/**
 * new: no flowIdSel; edit: /steps-flow/{hexId}; clone: /steps-flow/{hexId}/clone, the flow's steps
 * as a new flow; view: /steps-flow/{hexId}/view, read-only (also any flow already in use).
 */
export type EditorMode = "new" | "edit" | "clone" | "view";

type DraftStep = {
  key: string;
  type: FlowStepType;
  compareFace: boolean;
  /** "" (none chosen), "step:<type>" for an earlier step, or "target:<target>". */
  compareWith: string;
  documentTypeHexId: string;
  expiryMinutes: string;
  maxAttempts: string;
  validateWithAuthority: boolean;
};

type Draft = {
  name: string;
  kind: FlowKindName;
  expirationDays: string;
  geolocateSigners: boolean;
  obligatoryGeolocation: boolean;
  steps: DraftStep[];
};

type Props = { mode: EditorMode; flow: FlowView | null; documentTypes: DocumentTypeView[]; canSave: boolean; canClone: boolean };

let keyCounter = 0;
const nextKey = () => `step-${(keyCounter += 1)}`;

function newStep(type: FlowStepType): DraftStep {
  return {
    key: nextKey(),
    type,
    compareFace: false,
    compareWith: "",
    documentTypeHexId: "",
    expiryMinutes: "",
    maxAttempts: "",
    validateWithAuthority: false,
  };
}

function fromView(flow: FlowView, name: string): Draft {
  return {
    name,
    kind: flow.kind as FlowKindName,
    expirationDays: String(flow.expirationDays),
    geolocateSigners: flow.geolocateSigners,
    obligatoryGeolocation: flow.obligatoryGeolocation,
    steps: flow.steps.map((step) => {
      const source = step.compareWithPosition ? flow.steps[step.compareWithPosition - 1] : undefined;
      return {
        key: nextKey(),
        type: step.type as FlowStepType,
        compareFace: step.compareFace,
        compareWith: source ? `step:${source.type}` : step.compareTarget ? `target:${step.compareTarget}` : "",
        documentTypeHexId: step.documentTypeHexId ?? "",
        expiryMinutes: step.expiryMinutes === null ? "" : String(step.expiryMinutes),
        maxAttempts: step.maxAttempts === null ? "" : String(step.maxAttempts),
        validateWithAuthority: step.validateWithAuthority,
      };
    }),
  };
}

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));

/** The API body: positions follow the list, an earlier step is referred to by its position. */
function toBody(draft: Draft) {
  return {
    name: draft.name,
    kind: draft.kind,
    expirationDays: numberOrNull(draft.expirationDays),
    geolocateSigners: draft.geolocateSigners || draft.obligatoryGeolocation,
    obligatoryGeolocation: draft.obligatoryGeolocation,
    steps: draft.steps.map((step) => {
      const settings = settingsOf(step.type);
      const compare = settings.compareTargets !== null && step.compareFace;
      const [source, value] = step.compareWith.split(":");
      return {
        type: step.type,
        compareFace: settings.compareTargets ? step.compareFace : undefined,
        compareWithPosition: compare && source === "step" ? draft.steps.findIndex((other) => other.type === value) + 1 : null,
        compareTarget: compare && source === "target" ? (value as CompareTarget) : null,
        documentTypeHexId: settings.documentType && step.documentTypeHexId ? step.documentTypeHexId : null,
        expiryMinutes: numberOrNull(step.expiryMinutes),
        maxAttempts: settings.attempts ? numberOrNull(step.maxAttempts) : null,
        validateWithAuthority: settings.authority ? step.validateWithAuthority : false,
      };
    }),
  };
}

function CheckField({
  label,
  checked,
  onChange,
  disabled,
  error,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string;
  name: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={!!error}
        />
        {label}
      </label>
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** /steps-flow: the step-flow configuration editor (spec §2, §3 "Flow", §4, §5). */
export function StepFlowEditor({ mode, flow, documentTypes, canSave, canClone }: Props) {
  const t = useTranslations("flows.editor");
  const names = useTranslations("flows");
  const errorText = useTranslations("errors");
  const api = useApi();
  const router = useRouter();
  const readOnly = mode === "view" || !canSave;
  const [draft, setDraft] = useState<Draft>(() =>
    flow
      ? fromView(flow, mode === "clone" ? names("copyName", { name: flow.name }).slice(0, 120) : flow.name)
      : {
          name: "",
          kind: "SIGNATURE",
          expirationDays: String(defaultExpirationDays),
          geolocateSigners: false,
          obligatoryGeolocation: false,
          steps: [],
        },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState<FlowStepType | "">("");
  const [saving, setSaving] = useState(false);

  // Only an active flow (being edited) must keep the activation rules; others just show them.
  const mustStayActive = mode === "edit" && !!flow?.active;
  const issueText = (issue: Pick<FlowIssue, "code" | "min" | "max">) => errorText(issue.code, { min: issue.min ?? 0, max: issue.max ?? 0 });

  const body = useMemo(() => toBody(draft), [draft]);
  // Photos prove whose face it is, not that a person is present: only the video step's challenge does (issue 14).
  const identifiesWithoutVideo =
    draft.steps.some((step) => step.type === "SELFIE" || step.type === "ID_PHOTO") && !draft.steps.some((step) => step.type === "VIDEO");
  const activationNotes = useMemo(() => activationIssues({ kind: draft.kind, steps: draft.steps }), [draft.kind, draft.steps]);
  const available = stepsOfKind[draft.kind].filter((type) => !draft.steps.some((step) => step.type === type));

  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const updateStep = (index: number, change: Partial<DraftStep>) =>
    setDraft((current) => ({ ...current, steps: current.steps.map((step, i) => (i === index ? { ...step, ...change } : step)) }));
  const move = (index: number, offset: -1 | 1) => {
    setDraft((current) => {
      const steps = [...current.steps];
      const [step] = steps.splice(index, 1);
      if (!step) return current;
      steps.splice(index + offset, 0, step);
      return { ...current, steps };
    });
    // Step errors are addressed by position, which has just changed.
    setErrors({});
  };
  const removeStep = (index: number) => {
    setDraft((current) => ({ ...current, steps: current.steps.filter((_, i) => i !== index) }));
    setErrors({});
  };
  const addStep = () => {
    const type = adding || available[0];
    if (!type) return;
    setDraft((current) => ({ ...current, steps: [...current.steps, newStep(type)] }));
    setAdding("");
  };
  const changeKind = (kind: FlowKindName) => {
    setDraft((current) => ({ ...current, kind, steps: current.steps.filter((step) => stepsOfKind[kind].includes(step.type)) }));
    setErrors({});
  };

  /** Every problem the server would refuse, by field, so each shows next to its control. */
  const check = (): Record<string, string> => {
    const creating = mode === "new" || mode === "clone";
    const parsed = creating ? createFlowInput.safeParse(body) : updateFlowInput.safeParse(body);
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join(".");
        found[field] ??= errorText.has(issue.message) ? errorText(issue.message) : errorText("VALIDATION_FAILED");
      }
      return found;
    }
    const issues = [
      ...flowConfigIssues({ ...parsed.data, kind: draft.kind }),
      ...(mustStayActive ? activationIssues({ kind: draft.kind, steps: parsed.data.steps }) : []),
    ];
    for (const issue of issues) found[issue.field] ??= issueText(issue);
    return found;
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const result =
      mode === "edit" && flow
        ? await api<FlowView>(`/api/flows/${flow.flowHexId}`, { method: "PUT", body })
        : await api<FlowView>("/api/flows", { body });
    setSaving(false);
    if (!result.ok) {
      const field = result.error.field;
      if (typeof field === "string") setErrors({ [field]: result.error.message });
      return notifyApiError(result.error);
    }
    notifySuccess(t("saved", { name: result.data.name }));
    router.push("/flows");
  };

  const stepName = (type: string) => names(`steps.${type}`);
  const error = (field: string) => errors[field];

  return (
    <form onSubmit={save} noValidate className="space-y-6" data-testid="step-flow-editor" data-mode={mode}>
      {mode === "view" && flow?.inUse ? <Alert tone="info">{t("inUseNotice")}</Alert> : null}
      {mode === "clone" ? <Alert tone="info">{t("cloneNotice", { name: flow?.name ?? "" })}</Alert> : null}

      <Card title={t("general")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              label={t("title")}
              name="name"
              value={draft.name}
              maxLength={120}
              disabled={readOnly}
              error={error("name")}
              onChange={(e) => update({ name: e.target.value })}
            />
          </div>
          {mode === "new" && !readOnly ? (
            <SelectField
              label={t("kind")}
              name="kind"
              value={draft.kind}
              error={error("kind")}
              onChange={(e) => changeKind(e.target.value as FlowKindName)}
            >
              {flowKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {names(`kinds.${kind}`)}
                </option>
              ))}
            </SelectField>
          ) : (
            <div className="space-y-1 text-sm">
              <p className="font-medium text-slate-700">{t("kind")}</p>
              <p className="py-2 text-slate-900">{names(`kinds.${draft.kind}`)}</p>
            </div>
          )}
          <TextField
            label={t("expirationDays")}
            name="expirationDays"
            type="number"
            inputMode="numeric"
            min={flowBounds.expirationDays.min}
            max={flowBounds.expirationDays.max}
            value={draft.expirationDays}
            disabled={readOnly}
            hint={t("between", flowBounds.expirationDays)}
            error={error("expirationDays")}
            onChange={(e) => update({ expirationDays: e.target.value })}
          />
          <CheckField
            name="geolocateSigners"
            label={t("geolocateSigners")}
            checked={draft.geolocateSigners || draft.obligatoryGeolocation}
            disabled={readOnly || draft.obligatoryGeolocation}
            onChange={(checked) => update({ geolocateSigners: checked })}
          />
          <CheckField
            name="obligatoryGeolocation"
            label={t("obligatoryGeolocation")}
            checked={draft.obligatoryGeolocation}
            disabled={readOnly}
            onChange={(checked) => update({ obligatoryGeolocation: checked })}
          />
        </div>
      </Card>

      <Card title={t("steps")}>
        {draft.steps.length === 0 ? <p className="mb-4 text-sm text-slate-500">{t("noSteps")}</p> : null}
        <ol className="space-y-3">
          {draft.steps.map((step, index) => {
            const settings = settingsOf(step.type);
            const field = `steps.${index}`;
            const sources = draft.steps.filter((other, i) => i !== index && faceSourceSteps.includes(other.type));
            return (
              <li key={step.key} className="rounded-md border border-slate-200 p-4" data-testid="flow-step" data-step-type={step.type}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">
                    {index + 1}. {stepName(step.type)}
                  </p>
                  {!readOnly ? (
                    <div className="flex gap-1">
                      <Button
                        type="button"
                        variant="ghost"
                        className="px-2 py-1"
                        aria-label={t("moveUp", { step: stepName(step.type) })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        ↑
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        className="px-2 py-1"
                        aria-label={t("moveDown", { step: stepName(step.type) })}
                        disabled={index === draft.steps.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        ↓
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        className="px-2 py-1 text-red-700"
                        aria-label={t("remove", { step: stepName(step.type) })}
                        onClick={() => removeStep(index)}
                      >
                        ✕
                      </Button>
                    </div>
                  ) : null}
                </div>
                {error(`${field}.type`) ? (
                  <p role="alert" className="mt-1 text-xs text-red-600">
                    {error(`${field}.type`)}
                  </p>
                ) : null}
                <div className="mt-3 grid gap-4 sm:grid-cols-2">
                  <TextField
                    label={t("expiryMinutes")}
                    name={`${field}.expiryMinutes`}
                    type="number"
                    inputMode="numeric"
                    min={flowBounds.expiryMinutes.min}
                    max={flowBounds.expiryMinutes.max}
                    value={step.expiryMinutes}
                    disabled={readOnly}
                    hint={t("optionalBetween", flowBounds.expiryMinutes)}
                    error={error(`${field}.expiryMinutes`)}
                    onChange={(e) => updateStep(index, { expiryMinutes: e.target.value })}
                  />
                  {settings.attempts ? (
                    <TextField
                      label={t("maxAttempts")}
                      name={`${field}.maxAttempts`}
                      type="number"
                      inputMode="numeric"
                      min={flowBounds.maxAttempts.min}
                      max={flowBounds.maxAttempts.max}
                      value={step.maxAttempts}
                      disabled={readOnly}
                      hint={t("optionalBetween", flowBounds.maxAttempts)}
                      error={error(`${field}.maxAttempts`)}
                      onChange={(e) => updateStep(index, { maxAttempts: e.target.value })}
                    />
                  ) : null}
                  {settings.documentType ? (
                    <SelectField
                      label={t("documentType")}
                      name={`${field}.documentTypeHexId`}
                      value={step.documentTypeHexId}
                      disabled={readOnly}
                      error={error(`${field}.documentTypeHexId`)}
                      onChange={(e) => updateStep(index, { documentTypeHexId: e.target.value })}
                    >
                      <option value="">{t("anyDocumentType")}</option>
                      {documentTypes.map((type) => (
                        <option key={type.documentTypeHexId} value={type.documentTypeHexId}>
                          {type.name}
                        </option>
                      ))}
                    </SelectField>
                  ) : null}
                  {settings.authority ? (
                    <CheckField
                      name={`${field}.validateWithAuthority`}
                      label={t("validateWithAuthority")}
                      checked={step.validateWithAuthority}
                      disabled={readOnly}
                      error={error(`${field}.validateWithAuthority`)}
                      onChange={(checked) => updateStep(index, { validateWithAuthority: checked })}
                    />
                  ) : null}
                  {settings.compareTargets ? (
                    <div className="space-y-3 sm:col-span-2">
                      <CheckField
                        name={`${field}.compareFace`}
                        label={t("compareFace")}
                        checked={step.compareFace}
                        disabled={readOnly}
                        error={error(`${field}.compareFace`)}
                        onChange={(checked) => updateStep(index, { compareFace: checked })}
                      />
                      {step.compareFace ? (
                        <SelectField
                          label={t("compareWith")}
                          name={`${field}.compareWith`}
                          value={step.compareWith}
                          disabled={readOnly}
                          error={error(`${field}.compareWithPosition`) ?? error(`${field}.compareTarget`)}
                          onChange={(e) => updateStep(index, { compareWith: e.target.value })}
                        >
                          <option value="">{t("chooseComparison")}</option>
                          {sources.map((source) => (
                            <option key={source.key} value={`step:${source.type}`}>
                              {t("compareWithStep", { position: draft.steps.indexOf(source) + 1, step: stepName(source.type) })}
                            </option>
                          ))}
                          {settings.compareTargets.map((target) => (
                            <option key={target} value={`target:${target}`}>
                              {names(`targets.${target}`)}
                            </option>
                          ))}
                        </SelectField>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        {error("steps") ? (
          <p role="alert" className="mt-3 text-xs text-red-600">
            {error("steps")}
          </p>
        ) : null}
        {!readOnly && available.length > 0 ? (
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex-1">
              <SelectField
                label={t("addStepLabel")}
                name="addStep"
                data-testid="add-step-type"
                value={adding || available[0]}
                onChange={(e) => setAdding(e.target.value as FlowStepType)}
              >
                {available.map((type) => (
                  <option key={type} value={type}>
                    {stepName(type)}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button type="button" variant="secondary" onClick={addStep} data-testid="add-step">
              {t("addStep")}
            </Button>
          </div>
        ) : null}
        {identifiesWithoutVideo ? (
          <div className="mt-4" data-testid="flow-assurance-note">
            <Alert tone="warning">{t("lessAssuranceWithoutVideo")}</Alert>
          </div>
        ) : null}
        {activationNotes.length > 0 && !mustStayActive ? (
          <div className="mt-4">
            <Alert tone="info">
              <p>{t("activationNote")}</p>
              <ul className="mt-1 list-disc pl-5">
                {activationNotes.map((issue) => (
                  <li key={issue.code}>{issueText(issue)}</li>
                ))}
              </ul>
            </Alert>
          </div>
        ) : null}
      </Card>

      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="secondary">
          <Link href="/flows">{readOnly ? t("back") : t("cancel")}</Link>
        </Button>
        {mode === "view" && flow && canClone ? (
          <Button asChild variant="secondary">
            <Link href={`/steps-flow/${flow.flowHexId}/clone`}>{t("cloneAction")}</Link>
          </Button>
        ) : null}
        {!readOnly ? (
          <SubmitButton disabled={saving} data-testid="save-flow">
            {t("save")}
          </SubmitButton>
        ) : null}
      </div>
    </form>
  );
}
