// One package per component: @react-email/components would also load its code block's syntax
// highlighter (prismjs), half a second of every start-up and test file that imports the messages.
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import type { ShopIdentity } from "../../context";

// Inline styles only, in system fonts, no images: what Gmail, Outlook and Apple Mail all keep.
const font = "Arial, Helvetica, sans-serif";
export const styles = {
  body: { backgroundColor: "#f4f4f5", margin: 0, padding: "16px 0", fontFamily: font, color: "#222222" },
  container: { maxWidth: "600px", backgroundColor: "#ffffff", padding: "24px", border: "1px solid #e4e4e7" },
  shopName: { fontSize: "18px", fontWeight: "bold", margin: "0 0 16px" },
  heading: { fontSize: "22px", lineHeight: "28px", margin: "0 0 16px" },
  text: { fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" },
  muted: { fontSize: "13px", lineHeight: "20px", color: "#666666", margin: "0" },
  rule: { borderColor: "#e4e4e7", margin: "20px 0" },
  button: {
    backgroundColor: "#18181b",
    border: "1px solid #18181b",
    borderRadius: "4px",
    color: "#ffffff",
    fontSize: "15px",
    fontWeight: "bold",
    padding: "10px 18px",
    textDecoration: "none",
  },
  secondaryButton: {
    backgroundColor: "#ffffff",
    border: "1px solid #18181b",
    borderRadius: "4px",
    color: "#18181b",
    fontSize: "15px",
    padding: "10px 18px",
    textDecoration: "none",
  },
  link: { color: "#18181b", textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

/**
 * Every message's frame: the shop's name above, the support address and the shop's name below, at
 * most 600px wide. `title` is the subject; `preview` is the line inboxes show beside it.
 */
export function MessageLayout({
  shop,
  title,
  preview,
  children,
}: {
  shop: ShopIdentity;
  title: string;
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <title>{title}</title>
      </Head>
      <Body style={styles.body}>
        <Preview>{preview}</Preview>
        <Container style={styles.container}>
          <Text style={styles.shopName}>{shop.name}</Text>
          {children}
          <Hr style={styles.rule} />
          <Section>
            <Text style={styles.muted}>
              Questions? Write to{" "}
              <Link href={`mailto:${shop.supportEmail}`} style={styles.link}>
                {shop.supportEmail}
              </Link>
              .
            </Text>
            <Text style={styles.muted}>{shop.name}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
