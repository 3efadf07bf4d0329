import { AppError, isAppError } from "@/lib/errors/app-error";
import { organizationLogo } from "@/lib/organizations/organization-logo";

/**
 * GET /signprocess/getFileByName/{name} (spec §7): the files signer pages load by name. Only the
 * organisation's logo exists, named `logo-{organizationHexId}` (process-data.ts logoFileName): the
 * uploaded image, or Rúbrica's when the organisation has none. Public, as the logo is.
 */
export async function fileByName(name: string) {
  const match = /^logo-([0-9a-f]{32})$/.exec(name);
  if (!match) throw new AppError("FILE_NOT_FOUND");
  try {
    const logo = await organizationLogo(match[1]!);
    return {
      result: 1,
      fileName: name,
      base64File: Buffer.from(logo.bytes).toString("base64"),
      mimeType: logo.contentType,
      isDefault: logo.isDefault,
    };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw new AppError("FILE_NOT_FOUND");
    throw error;
  }
}
