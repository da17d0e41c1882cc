import { z } from "zod";
import { defaultSupportEmail } from "../../../api/contract";

/** The storefront's own settings, read from the environment once (the API has api/config.ts). */
export type StorefrontConfig = {
  /** The shop's public origin ("https://shop.example.in"), or null to use the request's. */
  publicOrigin: string | null;
  /** The address the header and footer show for '24 Hour Support'. */
  supportEmail: string;
  /** The shop's UPI id (VPA) that online payments are paid to. */
  upiVpa: string;
  /** The shop's merchant category code, the `mc` of its UPI payment links (UPI_MCC). */
  upiMcc: string;
};

/** A UPI id: a handle and a provider, "mart@upi", "shop.name-1@okaxis". */
export const UPI_VPA_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

const blankAsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const envSchema = z.object({
  PUBLIC_ORIGIN: z.preprocess(
    blankAsMissing,
    z
      .url({ protocol: /^https?$/, message: "PUBLIC_ORIGIN must be an http(s) URL such as https://shop.example.in" })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  SUPPORT_EMAIL: z.preprocess(blankAsMissing, z.email("SUPPORT_EMAIL must be an email address").optional()),
  UPI_VPA: z.preprocess(
    (value) => (typeof value === "string" ? blankAsMissing(value.trim()) : value),
    z.string().regex(UPI_VPA_PATTERN, "UPI_VPA must be a UPI id such as mart@upi").default("mart@upi"),
  ),
  // 5311: department stores, the nearest ISO 18245 category for a shop selling many kinds of goods.
  UPI_MCC: z.preprocess(
    (value) => (typeof value === "string" ? blankAsMissing(value.trim()) : value),
    z
      .string()
      .regex(/^\d{4}$/, "UPI_MCC must be a 4-digit merchant category code such as 5311")
      .default("5311"),
  ),
});

/** Parses the storefront's environment; throws a readable error when a value is malformed. */
export function readStorefrontConfig(source: Record<string, string | undefined> = process.env): StorefrontConfig {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid storefront environment:\n${lines.join("\n")}`);
  }
  const publicOrigin = result.data.PUBLIC_ORIGIN ?? null;
  return {
    publicOrigin,
    supportEmail: result.data.SUPPORT_EMAIL ?? defaultSupportEmail(publicOrigin),
    upiVpa: result.data.UPI_VPA,
    upiMcc: result.data.UPI_MCC,
  };
}

let cached: StorefrontConfig | undefined;

/** The configuration of this process (parsed on first use, then kept). */
export function storefrontConfig(): StorefrontConfig {
  if (!cached) {
    cached = readStorefrontConfig();
    if (!cached.publicOrigin && process.env.NODE_ENV === "production") {
      // The Host header then shapes canonical links and the sitemap, and cached pages keep them.
      console.warn(
        "PUBLIC_ORIGIN is not set: canonical links use each request's Host. Set PUBLIC_ORIGIN=https://your-shop in production.",
      );
    }
  }
  return cached;
}

/** The origin that absolute links (canonical, Open Graph, sitemap) use. */
export function publicOrigin(request: Request): string {
  return storefrontConfig().publicOrigin ?? new URL(request.url).origin;
}
