const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** Money is whole rupees, formatted here and nowhere else (lakh grouping: ₹1,23,456). */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
