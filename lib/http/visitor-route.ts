// A visitor's request about one thing the route names (a conversation, a gallery battle): the visitor from the
// cookie (refused without one), the route's id, and the answer as JSON (or the Response the handler made itself).
import { handle } from "./route";
import { requireVisitorId } from "./visitor";

type Params = { params: Promise<{ id: string }> };

export function visitorRoute<T>(run: (context: { request: Request; visitorId: string; id: string }) => Promise<T>) {
  return (request: Request, { params }: Params) =>
    handle(async () => {
      const visitorId = requireVisitorId(request);
      const { id } = await params;
      const result = await run({ request, visitorId, id });
      return result instanceof Response ? result : Response.json(result);
    });
}
