"use client";

import { useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { SelectField } from "@/components/ui/field";
import { ListToolbar } from "@/components/ui/list-toolbar";
import { useApi } from "@/components/client/use-api";
import { useListScreen } from "@/components/client/use-list-screen";
import { notifyApiError } from "@/components/client/notify";
import type { ManagerView, OrganizationPage, OrganizationView } from "@/lib/organizations/admin-schemas";
import { ManagerFormDialog } from "./manager-form-dialog";

type Props = {
  /** The organisation to show first (/managers?organization=hexId), if any. */
  initialOrganizationHexId: string | null;
};

const helper = dataTableColumns<ManagerView>();

/** /managers: pick an organisation, see its administrators, invite a new one. */
export function ManagersScreen({ initialOrganizationHexId }: Props) {
  const t = useTranslations("managers");
  const api = useApi();
  const [organizations, setOrganizations] = useState<OrganizationView[] | null>(null);
  const [chosen, setChosen] = useState<string>(initialOrganizationHexId ?? "");
  const [inviting, setInviting] = useState(false);
  const list = useListScreen<{ _embedded: { managers: ManagerView[] } }, ManagerView>({
    path: chosen ? `/api/organizations/${chosen}/managers` : null,
    rows: (answer) => answer._embedded.managers,
  });

  useEffect(() => {
    let current = true;
    // The list is paged: the picker offers the first hundred by name, plus the one the address names
    // (the organisations screen links each row here).
    void (async () => {
      const result = await api<OrganizationPage>("/api/organizations?size=100");
      if (!current) return;
      if (!result.ok) return notifyApiError(result.error);
      const listed = result.data._embedded.organizations;
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

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("firstName", { header: () => t("columns.name") }),
        helper.accessor("lastName", { header: () => t("columns.lastName") }),
        helper.accessor("email", { header: () => t("columns.email") }),
        helper.accessor("cellPhone", { header: () => t("columns.phone"), cell: (info) => info.getValue() ?? "—" }),
        helper.display({
          id: "status",
          header: () => t("columns.status"),
          cell: ({ row }) => (
            <div className="flex flex-wrap gap-1">
              {row.original.enabled ? <Badge tone="ok">{t("status.enabled")}</Badge> : <Badge tone="off">{t("status.disabled")}</Badge>}
              {row.original.invitationPending ? <Badge tone="pending">{t("status.invited")}</Badge> : null}
            </div>
          ),
        }),
      ]),
    [t],
  );

  return (
    <div className="space-y-4">
      <ListToolbar
        actions={
          <Button type="button" disabled={organization === null} onClick={() => setInviting(true)} data-testid="managers-new">
            {t("new")}
          </Button>
        }
      >
        <div className="flex-1">
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
      </ListToolbar>

      {chosen ? (
        <DataTable
          {...list.table}
          columns={columns}
          getRowId={(manager) => manager.userHexId}
          loadingText={t("loading")}
          emptyText={t("empty")}
          testIdPrefix="managers"
          rowTestId="manager-row"
          rowIdAttribute="data-id"
        />
      ) : null}

      {inviting && organization ? (
        <ManagerFormDialog
          organization={organization}
          onClose={() => setInviting(false)}
          onSaved={() => {
            setInviting(false);
            list.refresh();
          }}
        />
      ) : null}
    </div>
  );
}
