/** The localStorage key of the persisted mirror (its own module: every page reads it, the mirror's code loads later). */
export const PERSIST_KEY = "persist:root";
