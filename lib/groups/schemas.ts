import { z } from "zod";
import { lineText } from "@/lib/validation/text";

// Group inputs and answers, shared by the /groups screen and the REST calls.

export const groupInput = z.object({
  name: lineText({ error: "EMPTY_FIELD" }).trim().min(1, "EMPTY_FIELD").max(80, "VALIDATION_FAILED"),
  description: lineText({ error: "VALIDATION_FAILED" }).trim().max(255, "VALIDATION_FAILED").optional().nullable(),
});
export type GroupInput = z.infer<typeof groupInput>;

/** Spec §5: a user must be picked to add one to a group. */
export const groupMemberInput = z.object({
  userHexId: z.string({ error: "GROUP_USER_REQUIRED" }).trim().min(1, "GROUP_USER_REQUIRED").max(64, "VALIDATION_FAILED"),
});

export const groupMemberView = z.object({
  userHexId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type GroupMemberView = z.infer<typeof groupMemberView>;

export const groupView = z.object({
  groupHexId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  members: z.array(groupMemberView).describe("By last name; a group with members is in use and cannot be deleted"),
  createdAt: z.string().describe("ISO 8601"),
});
export type GroupView = z.infer<typeof groupView>;
