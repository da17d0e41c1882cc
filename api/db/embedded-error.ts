/** A start-up failure of the embedded database the operator can act on: printed as its one line. */
export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmbeddedPostgresError";
  }
}
