"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError } from "@/components/client/notify";
import type { ManagerView, OrganizationPage, OrganizationView } from "@/lib/organizations/admin-schemas";
import { Badge, SimpleTable } from "./organization-table";
import { ManagerFormDialog } from "./manager-form-dialog";

type Props = {
  /** The organisation to show first (/managers?organization=hexId), if any. */
  initialOrganizationHexId: string | null;
};

/** /managers: pick an organisation, see its administrators, invite a new one. */
export function ManagersScreen({ initialOrganizationHexId }: Props) {
  const t = useTranslations("managers");
  const api = useApi();
  const [organizations, setOrganizations] = useState<OrganizationView[] | null>(null);
  const [chosen, setChosen] = useState<string>(initialOrganizationHexId ?? "");
  const [answer, setAnswer] = useState<{ key: string; managers: ManagerView[] } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [inviting, setInviting] = useState(false);

  useEffect(() => {
    let current = true;
    // The list is paged: the picker offers the first hundred by name, plus the one the address names
    // (the organisations screen links each row here).
    void (async () => {
      const result = await api<OrganizationPage>("/api/organizations?size=100");
      if (!current) return;
      if (!result.ok) return notifyApiError(result.error);
      const listed = result.data.organizations;
      if (initialOrganizationHexId && !listed.some((o) => o.organizationHexId === initialOrganizationHexId)) {
        const named = await api<OrganizationView>(`/api/organizations/${initialOrganizationHexId}`);
        if (!current) return;
        if (named.ok) listed.unshift(named.data);
      }
      setOrganizations(listed);
    })();
    return () => {
      current = false;
    };
  }, [api, initialOrganizationHexId]);

  const organization = organizations?.find((o) => o.organizationHexId === chosen) ?? null;
  const key = `${chosen}#${reloads}`;

  useEffect(() => {
    if (!chosen) return;
    let current = true;
    void api<{ managers: ManagerView[] }>(`/api/organizations/${chosen}/managers`).then((result) => {
      if (!current) return;
      if (!result.ok) return notifyApiError(result.error);
      setAnswer({ key: `${chosen}#${reloads}`, managers: result.data.managers });
    });
    return () => {
      current = false;
    };
  }, [api, chosen, reloads]);

  const rows = (answer?.key === key ? answer.managers : []).map((manager) => ({
    id: manager.userHexId,
    cells: [
      manager.firstName,
      manager.lastName,
      manager.email,
      manager.cellPhone ?? "—",
      <div key="status" className="flex flex-wrap gap-1">
        {manager.enabled ? <Badge tone="ok">{t("status.enabled")}</Badge> : <Badge tone="off">{t("status.disabled")}</Badge>}
        {manager.invitationPending ? <Badge tone="pending">{t("status.invited")}</Badge> : null}
      </div>,
    ],
  }));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <SelectField
            label={t("organization")}
            name="manager-organization"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            data-testid="managers-organization"
          >
            <option value="">{organizations && organizations.length === 0 ? t("noOrganizations") : t("chooseOrganization")}</option>
            {(organizations ?? []).map((o) => (
              <option key={o.organizationHexId} value={o.organizationHexId}>
                {o.name}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="button" disabled={organization === null} onClick={() => setInviting(true)} data-testid="managers-new">
          {t("new")}
        </Button>
      </div>

      {chosen ? (
        <SimpleTable
          headers={[t("columns.name"), t("columns.lastName"), t("columns.email"), t("columns.phone"), t("columns.status")]}
          rows={rows}
          loading={answer?.key !== key}
          loadingText={t("loading")}
          emptyText={t("empty")}
          testId="managers-table"
          rowTestId="manager-row"
        />
      ) : null}

      {inviting && organization ? (
        <ManagerFormDialog
          organization={organization}
          onClose={() => setInviting(false)}
          onSaved={() => {
            setInviting(false);
            setReloads((n) => n + 1);
          }}
        />
      ) : null}
    </div>
  );
}
