const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * True when a storefront form post comes from another site. React Router checks the Origin of
 * UI routes' actions itself, but not of resource routes (/logout, the cart and wishlist actions),
 * so the server refuses every cross-site mutation first. A request without an Origin header
 * (old browsers, scripts) passes, as in React Router: SameSite=Lax keeps their cookies away.
 */
export function isCrossSiteMutation(request: Request, publicOrigin: string | null): boolean {
  if (!MUTATIONS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (!origin) return request.headers.get("sec-fetch-site") === "cross-site";
  if (origin === "null") return true;
  return origin !== new URL(request.url).origin && origin !== publicOrigin;
}
