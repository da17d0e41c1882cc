import type { RouteConfig } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import type { Userapp } from "../../api/app";

// Checks an answer of the API against what the OpenAPI document says the route answers: the
// status must be one the route documents, and a JSON answer must parse with the zod schema
// registered for that status (the same schema the document at /userapp/openapi.json is made of).

type Operation = { method: string; path: string; pattern: RegExp; params: number; route: RouteConfig };

/** The app's documented operations, the ones with fewer path parameters first (static paths win). */
export function operationsOf(app: Userapp): Operation[] {
  const operations: Operation[] = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route") continue;
    const { route } = definition;
    const source = route.path
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
      .join("[^/]+");
    operations.push({
      method: route.method.toUpperCase(),
      path: route.path,
      pattern: new RegExp(`^${source}$`),
      params: (route.path.match(/\{/g) ?? []).length,
      route,
    });
  }
  return operations.sort((a, b) => a.params - b.params);
}

/** The documented operation that answers `method` `path` (no query string), if any. */
export function operationFor(operations: Operation[], method: string, path: string): Operation | undefined {
  const upper = method.toUpperCase();
  return operations.find((op) => op.method === upper && op.pattern.test(path));
}

/**
 * What is wrong with an answer by the document, or null when it agrees. A request no documented
 * route matches (a 404 "No such API route") has nothing to check.
 */
export function contractProblem(
  operations: Operation[],
  request: { method: string; path: string },
  answer: { status: number; contentType: string | null; body: unknown },
): string | null {
  const pathname = new URL(request.path, "http://localhost").pathname;
  const operation = operationFor(operations, request.method, pathname);
  if (!operation) return null;
  const where = `${operation.method} ${operation.path} answered ${answer.status}`;
  const responses = operation.route.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
  const documented = responses[String(answer.status)] ?? responses.default;
  if (!documented) return `${where}, a status the document does not list for it`;
  const contentType = (answer.contentType ?? "").split(";")[0].trim().toLowerCase();
  if (!contentType) return null; // an answer without a body
  const media = documented.content?.[contentType];
  if (!media) return `${where} as ${contentType}, which the document does not list for that status`;
  if (contentType !== "application/json") return null;
  const result = (media.schema as ZodType).safeParse(answer.body);
  if (result.success) return null;
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
    .join("; ");
  return `${where}, and its body does not match the documented schema: ${issues}`;
}
