import type { ProcessStatus, StepType } from "@/lib/db/generated/enums";
import { validationStepPages } from "@/lib/validations/steps";

// Where a validation process's person goes: the /validation-process page of each state and step.

type StepLike = { position: number; type: StepType };

/** The steps a validation process goes through, in the flow's order: those that have a /validation-process page. */
export function validationSteps<S extends StepLike>(flowSteps: readonly S[]): S[] {
  return [...flowSteps].sort((a, b) => a.position - b.position).filter((s) => validationStepPages[s.type] !== undefined);
}

/**
 * The /validation-process page where the process stands: its current step's (the data step's confirmation once the data
 * of this round is captured), finishedAttempts out of attempts, review-process while staff decide, full-process at the end.
 */
export function validationPage(
  process: { status: ProcessStatus; currentStep: number; dataCapturedAt: Date | null },
  steps: readonly StepLike[],
): string {
  switch (process.status) {
    case "ATTEMPTS_EXHAUSTED":
      return "finishedAttempts";
    case "IN_REVIEW":
      return "review-process";
    case "COMPLETED":
      return "full-process";
    case "REJECTED":
      return "document-rejection";
    default:
      break;
  }
  const step = steps[process.currentStep];
  if (!step) return "full-process";
  if (step.type === "DATA_CONFIRM" && process.dataCapturedAt) return "data-confirm";
  return validationStepPages[step.type] ?? "full-process";
}
