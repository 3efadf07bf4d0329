import { PlannedScreen } from "@/components/layout/planned-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";

export const generateMetadata = () => screenMetadata("tradingHistory");

/** /trading-history */
export default async function TradingHistoryPage() {
  await requirePage("/trading-history");
  return <PlannedScreen titleKey="tradingHistory" capability="documents" />;
}
