import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { addressSchema, formatAddress, INDIAN_STATES } from "../../app/lib/account/address-schema";

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema: addressSchema });
};

const valid = { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001", country: "India" };

describe("addressSchema", () => {
  it("lists the 28 states and 8 union territories once each", () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
  });

  it("accepts a complete Indian address and trims it", () => {
    const submission = form({ ...valid, locality: "  12 MG Road " });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.locality).toBe("12 MG Road");
  });

  it.each([
    ["locality", "", "Enter the locality"],
    ["city", " ", "Enter the city"],
    ["state", "", "Choose a state"],
    ["state", "Atlantis", "Choose a state"],
    ["zipcode", "", "Enter a 6-digit PIN code"],
    ["zipcode", "56001", "Enter a 6-digit PIN code"],
    ["zipcode", "060001", "Enter a 6-digit PIN code"],
    ["country", "", "Enter the country"],
  ])("refuses %s %j with its own message", (field, value, message) => {
    const submission = form({ ...valid, [field]: value });
    expect(submission.status === "error" && submission.error?.[field]).toEqual([message]);
  });

  it("formats an address on one line", () => {
    expect(formatAddress(valid)).toBe("12 MG Road, Bengaluru, Karnataka 560001, India");
  });
});
