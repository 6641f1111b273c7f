import { probeModel } from "@/lib/admin";
import { staffRoute } from "@/lib/auth/session";

export const POST = staffRoute("admin", ({ db, params }) => probeModel(db, params.id ?? ""));
