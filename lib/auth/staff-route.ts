// A staff route: the part of lib/auth bound to a signed-in staff session (exported by ./session, app/'s entry):
// every staff route has one shape, so a route file is only what it does. The role is checked on the server, the body
// read through its zod schema, the action run, and what it changed written to the audit log by the same user.
import type { z } from "zod";
import { audit } from "../admin";
import { type Db, getDb } from "../db";
import { handle, readJson } from "../http";
import { requireRole } from "./guard";
import type { AccountUser, Role } from "./users";

type Params = Record<string, string>;

export interface StaffRequest<Input> {
  db: Db;
  user: AccountUser;
  input: Input;
  /** the route's dynamic segments ([id]) */
  params: Params;
  request: Request;
  /** the audit line for what this request changed, in the signed-in user's name */
  audit(action: string, target?: string | null, details?: unknown): Promise<void>;
}

type Act<Input> = (request: StaffRequest<Input>) => Promise<Response | object>;
type Handler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

/** A staff route without a body (reads, and deletes named by the path). */
export function staffRoute(role: Role, act: Act<undefined>): Handler;
/** A staff route whose JSON body is read through `body` first: a bad body is a 400 before anything runs. */
export function staffRoute<S extends z.ZodType>(role: Role, body: S, act: Act<z.infer<S>>): Handler;
export function staffRoute(role: Role, bodyOrAct: z.ZodType | Act<undefined>, maybeAct?: Act<unknown>): Handler {
  const schema = maybeAct ? (bodyOrAct as z.ZodType) : undefined;
  const act = (maybeAct ?? bodyOrAct) as Act<unknown>;
  return (request, context) =>
    handle(async () => {
      const user = await requireRole(role);
      const params = (await context?.params) ?? {};
      const input = schema ? await readJson(request, schema) : undefined;
      const db = getDb();
      const result = await act({
        db,
        user,
        input,
        params,
        request,
        audit: (action, target, details) => audit(db, user, action, target, details),
      });
      return result instanceof Response ? result : Response.json(result);
    });
}
