/**
 * Free of imports, as ./index.ts is. A module of its own, not part of ./index.ts: the storefront's
 * layout imports ./index.ts, so whatever it exports that any page uses rides in the `shared` chunk
 * every page loads; the states are for the address forms alone (decision 049, seventh round).
 */

/**
 * India's 28 states and 8 union territories, in alphabetical order: the names the address form
 * offers (its `<select>`, app/lib/account/address-schema.ts) and the PIN look-up answers.
 */
export const STATE_NAMES = [
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;
