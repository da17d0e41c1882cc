/**
 * The platform fee as a supply of its own: the shop's service to the shopper, billed on the shop's
 * own tax invoice at dispatch (api/lib/tax/gst-records.ts), apart from the sellers' goods.
 */

/**
 * The fee's Services Accounting Code: 998599, "Other support services n.e.c.", of heading 9985
 * "Support services" in the scheme of classification of services (the Annexure to Notification
 * No. 11/2017-Central Tax (Rate), 28 June 2017), whose entry for heading 9985 is 18%. The fee is
 * a charge for the use of the shop's ordering service, which no narrower heading names; an owner
 * whose tax adviser classifies it otherwise changes these three constants (docs/gst.md).
 */
export const PLATFORM_FEE_SAC = "998599";
export const PLATFORM_FEE_GST_RATE = 18;
export const PLATFORM_FEE_SAC_SOURCE =
  "Scheme of classification of services, Annexure to Notification 11/2017-CT(Rate), 28 Jun 2017: 998599, heading 9985 at 18%";
