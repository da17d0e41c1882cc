import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatRupees } from "../../../contract";
import type { ShopIdentity } from "../../context";
import { MessageLayout, styles } from "./layout";

/** A link the shopper is asked to follow (a button in HTML, "Label: URL" in text). */
export type MessageAction = { label: string; href: string };

export type OrderEmailProps = {
  shop: ShopIdentity;
  subject: string;
  heading: string;
  intro: string[];
  actions: MessageAction[];
  orderId: string;
  /** The number people read it by (MRT-26-000042). */
  orderNumber: string;
  lines: { title: string; size: string; qty: number; amount: number }[];
  platformFee: number;
  totalAmount: number;
  payment: string;
  address: string[];
  orderLink: string;
  /** From dispatch on: the order's tax invoices. */
  invoiceLink: string | null;
};

const cell = { fontSize: "15px", lineHeight: "22px", padding: "8px 0", borderBottom: "1px solid #e4e4e7" };
const amountCell = { ...cell, textAlign: "right" as const, whiteSpace: "nowrap" as const, paddingLeft: "12px" };

/** A message about one order: what happened, what the order holds and costs, where it goes. */
export function OrderEmail(props: OrderEmailProps) {
  const { shop, lines } = props;
  return (
    <MessageLayout shop={shop} title={props.subject} preview={props.intro[0] ?? props.heading}>
      <Heading as="h1" style={styles.heading}>
        {props.heading}
      </Heading>
      {props.intro.map((sentence) => (
        <Text key={sentence} style={styles.text}>
          {sentence}
        </Text>
      ))}
      {props.actions.length > 0 ? (
        <Section style={{ margin: "8px 0 12px" }}>
          {props.actions.map((action, i) => (
            <Button
              key={action.href}
              href={action.href}
              style={{ ...(i === 0 ? styles.button : styles.secondaryButton), margin: "0 8px 8px 0" }}
            >
              {action.label}
            </Button>
          ))}
        </Section>
      ) : null}
      <Text style={styles.text}>
        {`Order number: ${props.orderNumber}`}
        <br />
        {`Order reference: ${props.orderId}`}
      </Text>
      <table width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", margin: "0 0 16px" }}>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i}>
              <td style={cell}>
                {line.title}
                <br />
                <span style={{ fontSize: "13px", color: "#666666" }}>{`Size ${line.size} × ${line.qty}`}</span>
              </td>
              <td style={amountCell}>{formatRupees(line.amount)}</td>
            </tr>
          ))}
          <tr>
            <td style={cell}>Platform fee</td>
            <td style={amountCell}>{formatRupees(props.platformFee)}</td>
          </tr>
          <tr>
            <td style={{ ...cell, borderBottom: "none", fontWeight: "bold" }}>Total</td>
            <td style={{ ...amountCell, borderBottom: "none", fontWeight: "bold" }}>
              {formatRupees(props.totalAmount)}
            </td>
          </tr>
        </tbody>
      </table>
      <Text style={styles.text}>
        <strong>Payment</strong>
        <br />
        {props.payment}
      </Text>
      <Text style={styles.text}>
        <strong>Delivering to</strong>
        <br />
        {props.address.join(", ")}
      </Text>
      <Section style={{ margin: "8px 0 0" }}>
        <Button href={props.orderLink} style={styles.button}>
          See your order
        </Button>
      </Section>
      {props.invoiceLink ? (
        <Text style={{ ...styles.text, margin: "16px 0 0" }}>
          <Link href={props.invoiceLink} style={styles.link}>
            Your tax invoice
          </Link>
        </Text>
      ) : null}
    </MessageLayout>
  );
}
