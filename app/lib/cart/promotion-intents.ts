/** The intents of the code forms on /mycart and /checkout (their actions: promotion-actions.server.ts). */
export const APPLY_CODE = "apply-code";
export const REMOVE_CODE = "remove-code";
