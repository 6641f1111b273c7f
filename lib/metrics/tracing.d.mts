import type { IncomingMessage, ServerResponse } from "node:http";

export function startTracing(endpoint: string, serviceName?: string): Promise<unknown>;
export function stopTracing(): Promise<void>;
export function traceRequest<T>(req: IncomingMessage, res: ServerResponse, next: () => T): T;
