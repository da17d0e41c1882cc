import { LayoutPart } from "./part";

/**
 * Every icon drawn once per page as a <symbol> (SiteChrome renders this sprite); each icon is
 * then a short `<svg><use href="#i-…"/></svg>`. A page shows hundreds of icons (a card has five),
 * so this keeps the HTML small, with no extra request. The icons take their colour and stroke
 * from the `icon` class (app.css) of their <svg>.
 * The symbols are a prerendered part (parts.tsx): the server renders them, no page's JavaScript holds them.
 */
export function IconSprite() {
  return <LayoutPart as="svg" part="icon-sprite" aria-hidden="true" width="0" height="0" className="absolute" />;
}
