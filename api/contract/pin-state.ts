/**
 * The PIN code decides the state (DESIGN deviation 18): what the API answers (PIN_STATE_MISMATCH)
 * and the address forms say when an address names a state its PIN is not in. Free of imports.
 */
export function pinStateMessage(pin: string, states: readonly string[]): string {
  return `PIN ${pin} is in ${states.join(" or ")}`;
}
