import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Written out by hand to mirror the spec's route table (section 2); later issues add the
// account, cart, wishlist, compare and checkout routes.
export default [
  layout("routes/layout.tsx", [
    index("routes/home.tsx"),
    route("shop", "routes/shop.tsx"),
    // /product/{category}/{shorttitle}/{id}; other shapes redirect to it (the id is the last segment).
    route("product/*", "routes/product.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("mycart", "routes/mycart.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("logout", "routes/logout.tsx"),
  // The one cart action (every cart form posts here); a GET goes to /mycart.
  route("cart", "routes/cart.tsx"),
  route("resources/quick-view/:id", "routes/resources.quick-view.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
] satisfies RouteConfig;
