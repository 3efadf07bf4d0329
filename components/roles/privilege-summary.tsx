"use client";

import { useTranslations } from "next-intl";
import { actions, modules } from "@/lib/permissions/authorities";

/** What a role grants, one line per module with its ticked actions ("Contactos: ver, crear"). */
export function PrivilegeSummary({ privileges }: { privileges: readonly string[] }) {
  const t = useTranslations("roles");
  const lines = modules.flatMap((module) => {
    const granted = actions.filter((action) => privileges.includes(`${module}:${action}`));
    return granted.length ? [{ module, granted }] : [];
  });
  if (lines.length === 0) return <span className="text-xs text-slate-500">{t("noPrivileges")}</span>;
  return (
    <ul className="space-y-0.5 text-xs text-slate-700">
      {lines.map(({ module, granted }) => (
        <li key={module} data-testid="role-privilege" data-module={module}>
          <span className="font-medium">{t(`modules.${module}`)}</span>: {granted.map((a) => t(`actionNames.${a}`)).join(", ")}
        </li>
      ))}
    </ul>
  );
}
