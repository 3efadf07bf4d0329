// What follows a validation process reaching COMPLETED (its last step passed, or staff accepted it in review),
// called after the transaction that completed it has committed. Both ways in call it:
// lib/validation-process (the person's flow) and lib/validation-review/decide-process.ts (staff).

/** After a validation process's completion is committed. */
export async function afterValidationCompleted(processId: number): Promise<void> {
  void processId;
}
