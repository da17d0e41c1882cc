import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Written out by hand: the whole URL map of the shop in one place.
export default [
  layout("routes/layout.tsx", [
    index("routes/home.tsx"),
    route("shop", "routes/shop.tsx"),
    // /product/{category}/{shorttitle}/{id}; other shapes redirect to it (the id is the last segment).
    route("product/*", "routes/product.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    // The links the shop emails: a forgotten password, a new email's confirmation.
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("confirm-email", "routes/confirm-email.tsx"),
    // A Cash on Delivery order's emailed links: /cod/confirm and /cod/cancel, each a page with one button.
    route("cod/:action", "routes/cod-confirmation.tsx"),
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
      // The misspelt /myaccount/addressess redirects to the canonical /myaccount/addresses, so old links keep working.
      route("addressess/*", "routes/myaccount.addressess.tsx"),
      route("settings", "routes/myaccount.settings.tsx"),
      route("orders", "routes/myaccount.orders.tsx"),
      route("orders/:id", "routes/myaccount.orders.$id.tsx"),
      route("orders/:id/cancel", "routes/myaccount.orders.$id.cancel.tsx"),
      // Writing, editing or deleting the shopper's review of a product they received.
      route("reviews/:productId", "routes/myaccount.reviews.$productId.tsx"),
    ]),
    // What holds a review for moderation, linked from the review form (IS 19000:2022 asks that it be disclosed).
    route("review-rules", "routes/review-rules.tsx"),
    route("terms", "routes/terms.tsx"),
    route("privacy", "routes/privacy.tsx"),
    // A review's own page, whole ("Read more" under the product page's list), and its "Helpful" and "Report".
    route("reviews/:reviewId", "routes/reviews.$reviewId.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // Outside the main layout, with its own slim header: nothing to wander off to while paying.
  route("checkout", "routes/checkout.tsx"),
  // Tax invoices print alone, outside any layout (the shopper's and the back office's).
  route("myaccount/orders/:id/invoice", "routes/myaccount.orders.$id.invoice.tsx"),
  route("admin/orders/:id/invoice", "routes/admin.orders.$id.invoice.tsx"),
  // The back office (docs/back-office.md): its own header and nav, admins only.
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("dashboard/export", "routes/admin.dashboard.export.ts"),
    route("orders", "routes/admin.orders.tsx"),
    route("orders/:id", "routes/admin.orders.$id.tsx"),
    route("products", "routes/admin.products.tsx"),
    route("products/new", "routes/admin.products.new.tsx"),
    route("products/:id", "routes/admin.products.$id.tsx"),
    // Uploads post to paths of their own: server/body-limit.ts lets only these take large bodies.
    route("product-images/:id", "routes/admin.product-images.$id.tsx"),
    route("stock", "routes/admin.stock.tsx"),
    route("catalogue", "routes/admin.catalogue.tsx"),
    route("catalogue/import", "routes/admin.catalogue.import.tsx"),
    route("catalogue/export", "routes/admin.catalogue.export.ts"),
    route("merchants", "routes/admin.merchants.tsx"),
    route("merchants/:id", "routes/admin.merchants.$id.tsx"),
    route("couriers", "routes/admin.couriers.tsx"),
    route("messages", "routes/admin.messages.tsx"),
    route("messages/:id", "routes/admin.messages.$id.tsx"),
    route("webhooks", "routes/admin.webhooks.tsx"),
    route("webhooks/new", "routes/admin.webhooks.new.tsx"),
    route("webhooks/deliveries", "routes/admin.webhooks.deliveries.tsx"),
    route("webhooks/deliveries/:id", "routes/admin.webhooks.deliveries.$id.tsx"),
    route("webhooks/:id", "routes/admin.webhooks.$id.tsx"),
    route("promotions", "routes/admin.promotions.tsx"),
    route("promotions/new", "routes/admin.promotions.new.tsx"),
    route("promotions/:id", "routes/admin.promotions.$id.tsx"),
    route("promotions/:id/report", "routes/admin.promotions.$id.report.tsx"),
    route("promotions/:id/report.csv", "routes/admin.promotions.$id.report-csv.ts"),
    route("promotions/:id/codes.csv", "routes/admin.promotions.$id.codes-csv.ts"),
    route("reviews", "routes/admin.reviews.tsx"),
    // A queued review's photo, whatever its status (/media shows published reviews' photos only).
    route("reviews/:reviewId/photos/:file", "routes/admin.reviews.$reviewId.photos.$file.ts"),
    route("audit", "routes/admin.audit.tsx"),
  ]),
  route("logout", "routes/logout.tsx"),
  // The one cart action (every cart form posts here); a GET goes to /mycart.
  route("cart", "routes/cart.tsx"),
  route("resources/quick-view/:id", "routes/resources.quick-view.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
] satisfies RouteConfig;
