import type { RouteClass } from "./types";

// Blockchain stamping: the stamp of a transaction id shows only hashes and transaction ids (public on
// the chains anyway) and reads no organisation's data; rate-limited per client address.
export const routeClasses: Record<string, RouteClass> = {
  "signprocess/getStampInfo/[trxId]": "public",
};
