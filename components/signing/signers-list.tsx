import { getTranslations } from "next-intl/server";

type Row = { name: string; position: number; status: string; mandatory: boolean; you: boolean };

/** The shipment's signers: name, order, status, mandatory or optional (spec §3 signer list). */
export async function SignersList({ signers }: { signers: Row[] }) {
  const [t, statuses] = await Promise.all([getTranslations("signing.summary"), getTranslations("signerStatus")]);
  return (
    <table className="w-full text-left text-sm" data-testid="signers-summary">
      <thead className="border-b border-slate-200 text-slate-500">
        <tr>
          <th className="py-2 pr-3 font-medium">{t("name")}</th>
          <th className="py-2 pr-3 font-medium">{t("order")}</th>
          <th className="py-2 pr-3 font-medium">{t("type")}</th>
          <th className="py-2 font-medium">{t("status")}</th>
        </tr>
      </thead>
      <tbody>
        {signers.map((s, index) => (
          <tr key={index} className="border-b border-slate-100">
            <td className="py-2 pr-3 text-slate-900">
              {s.name}
              {s.you ? <span className="ml-2 text-xs text-slate-500">({t("you")})</span> : null}
            </td>
            <td className="py-2 pr-3">{s.position}</td>
            <td className="py-2 pr-3">{s.mandatory ? t("mandatory") : t("optional")}</td>
            <td className="py-2">{statuses(s.status)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
