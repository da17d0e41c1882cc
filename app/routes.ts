import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Written out by hand to mirror the spec's route table (section 2).
export default [
  layout("routes/layout.tsx", [
    index("routes/home.tsx"),
    route("shop", "routes/shop.tsx"),
    // /product/{category}/{shorttitle}/{id}; other shapes redirect to it (the id is the last segment).
    route("product/*", "routes/product.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("mycart", "routes/mycart.tsx"),
    route("wishlist", "routes/wishlist.tsx"),
    route("compare", "routes/compare.tsx"),
    // The account area: one layout (sidebar, sign-in guard) over its sections.
    route("myaccount", "routes/myaccount.tsx", [
      index("routes/myaccount._index.tsx"),
      route("profile", "routes/myaccount.profile.tsx", [route("edit", "routes/myaccount.profile.edit.tsx")]),
      route("addresses", "routes/myaccount.addresses.tsx", [
        route("new", "routes/myaccount.addresses.new.tsx"),
        route(":addressId/edit", "routes/myaccount.addresses.$addressId.edit.tsx"),
      ]),
      // The spec's spelling redirects to the canonical /myaccount/addresses (DESIGN.md item 4).
      route("addressess/*", "routes/myaccount.addressess.tsx"),
      route("settings", "routes/myaccount.settings.tsx"),
      route("orders", "routes/myaccount.orders.tsx"),
      route("orders/:id", "routes/myaccount.orders.$id.tsx"),
      route("orders/:id/cancel", "routes/myaccount.orders.$id.cancel.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
  // Outside the main layout (spec section 2), with its own slim header.
  route("checkout", "routes/checkout.tsx"),
  route("logout", "routes/logout.tsx"),
  // The one cart action (every cart form posts here); a GET goes to /mycart.
  route("cart", "routes/cart.tsx"),
  route("resources/quick-view/:id", "routes/resources.quick-view.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
] satisfies RouteConfig;
