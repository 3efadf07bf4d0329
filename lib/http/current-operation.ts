import { AsyncLocalStorage } from "node:async_hooks";
import type { ApiOperation } from "@/lib/openapi/registry";

/**
 * The operation endpoint() is answering (lib/http/endpoint.ts), for the code below it that must keep to its
 * descriptor: the rate limits it declares (lib/security/rate-limit.ts), the multipart fields it declares
 * (lib/http/read-form.ts). None outside an endpoint (jobs, scripts).
 */
const running = new AsyncLocalStorage<ApiOperation>();

/** Runs `work` as `operation`. */
export function runAsOperation<T>(operation: ApiOperation, work: () => T): T {
  return running.run(operation, work);
}

export function currentOperation(): ApiOperation | undefined {
  return running.getStore();
}
