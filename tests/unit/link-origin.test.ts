/**
 * The origin of the links in messages (issue 35, "Links to the shop, never to a guess"):
 * PUBLIC_ORIGIN, else where the shop listens (listeningOrigin), and a production shop that
 * mails without PUBLIC_ORIGIN does not start. The real server's links: tests/api/message-links.test.ts.
 */
import { describe, expect, it } from "vitest";
import { listeningOrigin, PUBLIC_ORIGIN_REQUIRED, readEnv, shopIdentity } from "../../api/config";

describe("listeningOrigin", () => {
  it("is localhost for every address and loopback, IPv4 and IPv6, with the port", () => {
    for (const host of ["0.0.0.0", "::", "[::]", "127.0.0.1", "::1", "[::1]", "localhost", "LOCALHOST"]) {
      expect(listeningOrigin(host, 3801), host).toBe("http://localhost:3801");
    }
    // HOST unset is the schema's default, every address.
    expect(listeningOrigin(readEnv({}).HOST, 3801)).toBe("http://localhost:3801");
  });

  it("is another host itself, an IPv6 address in brackets", () => {
    expect(listeningOrigin("192.168.1.20", 3801)).toBe("http://192.168.1.20:3801");
    expect(listeningOrigin("shop.lan", 8080)).toBe("http://shop.lan:8080");
    expect(listeningOrigin("fd00::20", 3801)).toBe("http://[fd00::20]:3801");
    expect(listeningOrigin("[fd00::20]", 3801)).toBe("http://[fd00::20]:3801");
    // Port 80 is http's own: the origin leaves it out, as a browser does.
    expect(listeningOrigin("0.0.0.0", 80)).toBe("http://localhost");
  });
});

describe("shopIdentity's origin", () => {
  it("is PUBLIC_ORIGIN's origin when it is set, whatever the process listens on", () => {
    const listening = () => {
      throw new Error("not asked");
    };
    const shop = shopIdentity({ PUBLIC_ORIGIN: "https://www.mart.example.in/some/path" }, listening);
    expect(shop.origin).toBe("https://www.mart.example.in");
    expect(shop.supportEmail).toBe("support@mart.example.in");
  });

  it("is where the process listens otherwise, asked each time a message is written (PORT=0: known once it listens)", () => {
    let port = 0;
    const shop = shopIdentity({}, () => listeningOrigin("0.0.0.0", port));
    port = 41234;
    expect(shop.origin).toBe("http://localhost:41234");
    // An object spread keeps the value, as a message written then would.
    expect({ ...shop }.origin).toBe("http://localhost:41234");
  });
});

describe("PUBLIC_ORIGIN with SMTP_URL", () => {
  const smtp = { SMTP_URL: "smtp://mail.example.in:587" };

  it("is required in production (the default NODE_ENV), in one line that says why", () => {
    for (const env of [
      smtp,
      { ...smtp, NODE_ENV: "production" },
      { ...smtp, NODE_ENV: "production", PUBLIC_ORIGIN: "" },
    ]) {
      expect(() => readEnv(env)).toThrow(`Invalid environment:\n  PUBLIC_ORIGIN: ${PUBLIC_ORIGIN_REQUIRED}`);
    }
    expect(PUBLIC_ORIGIN_REQUIRED).not.toContain("\n");
  });

  it("is not required without SMTP_URL, with PUBLIC_ORIGIN set, or outside production", () => {
    expect(readEnv({}).PUBLIC_ORIGIN).toBeUndefined();
    expect(readEnv({ ...smtp, PUBLIC_ORIGIN: "https://mart.example.in" }).PUBLIC_ORIGIN).toBe(
      "https://mart.example.in",
    );
    expect(readEnv({ ...smtp, NODE_ENV: "development" }).SMTP_URL).toBe(smtp.SMTP_URL);
    expect(readEnv({ ...smtp, NODE_ENV: "test" }).SMTP_URL).toBe(smtp.SMTP_URL);
  });
});
