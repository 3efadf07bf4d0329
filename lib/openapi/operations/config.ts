import { z } from "zod";
import { answer } from "../registry";
import { nameVarsInput } from "@/lib/config/read-config";
import { operationGroup } from "./common";

const configValue = z.object({ name: z.string(), value: z.string() });

export const configOperations = operationGroup(
  "Configuration",
  "optional",
)({
  getConfigValue: {
    method: "get",
    path: "/api/system/getConfigValue/{name}",
    tenancy: "organization",
    summary: "One configuration value, the caller's organisation's over the default",
    description: "Anonymous callers may read only the values public pages need.",
    pathParams: z.object({ name: z.string().describe("session_time, organization_tz, {product}_base_url, default_page_size...") }),
    responses: answer("The value", { schema: configValue, component: "ConfigValue" }),
  },
  getCaptureConfiguration: {
    method: "post",
    path: "/api/system/getConfigValue",
    tenancy: "organization",
    summary: "The capture configuration values named in nameVars",
    body: { schema: nameVarsInput },
    responses: answer("Each name asked for, with its value", z.record(z.string(), z.string())),
    errors: [404],
  },
  findConfigByName: {
    method: "get",
    path: "/api/configs/search/findOneByName",
    tenancy: "organization",
    summary: "default_page_size or default_idle_timeout",
    query: z.object({ configName: z.string().min(1).describe("default_page_size or default_idle_timeout") }),
    responses: answer("The value", { schema: configValue, component: "ConfigValue" }),
    errors: [404],
  },
});
