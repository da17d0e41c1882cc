import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ShopIdentity } from "../../context";
import { MessageLayout, styles } from "./layout";

export type AccountEmailProps = {
  shop: ShopIdentity;
  subject: string;
  heading: string;
  /** Sentences before the link. */
  intro: string[];
  link?: { label: string; href: string };
  /** Sentences after the link. */
  outro: string[];
};

/** A message about the shopper's account: a heading, a few sentences, and at most one link. */
export function AccountEmail({ shop, subject, heading, intro, link, outro }: AccountEmailProps) {
  return (
    <MessageLayout shop={shop} title={subject} preview={intro[0] ?? heading}>
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      {intro.map((sentence) => (
        <Text key={sentence} style={styles.text}>
          {sentence}
        </Text>
      ))}
      {link ? (
        <Section style={{ margin: "8px 0 20px" }}>
          <Button href={link.href} style={styles.button}>
            {link.label}
          </Button>
        </Section>
      ) : null}
      {outro.map((sentence) => (
        <Text key={sentence} style={styles.text}>
          {sentence}
        </Text>
      ))}
    </MessageLayout>
  );
}
