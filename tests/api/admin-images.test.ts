import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { productMedia } from "../../api/db/schema";
import { MAX_IMAGE_BYTES, MAX_IMAGES } from "../../api/lib/catalogue/product-images";
import { UPLOAD_BODY_LIMIT_BYTES } from "../../api/lib/http/uploads";
import { newId } from "../../api/lib/ids";
import { createTestApi, createUserWithToken, insertProduct } from "./helpers";

// Product photos: POST /userapp/admin/products/{id}/images and DELETE …/images/{index}, served
// at /media/products/… (docs/api.md; docs/decisions/008-catalogue-admin.md).

const api = await createTestApi();
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });

/** A real picture, `width` × `height`, in `format`. */
async function picture(format: "jpeg" | "png" | "webp" | "gif", width = 1200, height = 800) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** Uploads `bytes` as the multipart field `image`, with whatever name and declared type. */
async function upload(productId: string, bytes: Uint8Array, name = "photo.jpg", type = "image/jpeg", field = "image") {
  const form = new FormData();
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const response = await api.app.request(`/userapp/admin/products/${productId}/images`, {
    method: "POST",
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function served(path: string) {
  const response = await api.app.request(path);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("uploading product images", () => {
  it("takes a JPEG, a PNG and a WebP, made into WebP at 320, 640 and 1024 px, served for ever from /media", async () => {
    const productId = await insertProduct(db);
    const before = (await call("GET", `/userapp/product/get/${productId}`)).body.data.productImages;
    for (const [format, index] of [
      ["jpeg", 1],
      ["png", 2],
      ["webp", 3],
    ] as const) {
      const res = await upload(productId, await picture(format, 1200 + index, 800));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.images).toHaveLength(before.length + index);
    }
    const product = (await call("GET", `/userapp/product/get/${productId}`)).body.data;
    // The seed's artwork stays first, as it was.
    expect(product.productImages.slice(0, before.length)).toEqual(before);
    const uploaded = product.productImages.at(-1);
    expect(uploaded).toEqual({
      path: expect.stringMatching(new RegExp(`^/media/products/${productId}/[0-9a-f]{16}-640\\.webp$`)),
      srcset: expect.stringMatching(/-320\.webp 320w, .*-640\.webp 640w, .*-1024\.webp 1024w$/),
      widths: [320, 640, 1024],
    });
    for (const entry of uploaded.srcset.split(", ")) {
      const [path, width] = entry.split(" ");
      const { response, bytes } = await served(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe("webp");
      expect(`${metadata.width}w`).toBe(width);
    }
    const { response: missing } = await served(`/media/products/${productId}/0123456789abcdef-640.webp`);
    expect(missing.status).toBe(404);
    expect((await served(`/media/products/${productId}/..%2f..%2fetc-640.webp`)).response.status).toBe(404);
  });

  it("judges the file by its content, not its name or declared type", async () => {
    const productId = await insertProduct(db);
    const png = await upload(productId, await picture("png"), "notes.txt", "text/plain");
    expect(png.status).toBe(201);
    for (const [bytes, name, type] of [
      [new TextEncoder().encode("Not a picture, just text.\n"), "photo.jpg", "image/jpeg"],
      [await picture("gif"), "photo.gif", "image/gif"],
      [
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        "art.png",
        "image/png",
      ],
      [(await picture("jpeg")).slice(0, 200), "cut.jpg", "image/jpeg"],
      [new Uint8Array(0), "empty.jpg", "image/jpeg"],
    ] as const) {
      const res = await upload(productId, bytes, name, type);
      expect(res.status, name).toBe(422);
      expect(res.body.status).toBe("VALIDATION_ERROR");
      expect(res.body.data[0].path).toBe("image");
    }
    const images = (await call("GET", `/userapp/admin/products/${productId}`, { token: admin.token })).body.data.images;
    expect(images).toHaveLength(2);
  });

  it("keeps an upload narrower than 1024 px at its own width, never enlarged, upright as its EXIF says", async () => {
    const productId = await insertProduct(db);
    const small = await upload(productId, await picture("jpeg", 500, 300));
    expect(small.body.data.images.at(-1).widths).toEqual([320, 500]);
    const tiny = await upload(productId, await picture("png", 200, 100));
    expect(tiny.body.data.images.at(-1)).toMatchObject({ widths: [200], path: expect.stringMatching(/-200\.webp$/) });
    // A portrait photo taken sideways: 300 × 600 stored, orientation 6 (turn right): 600 wide upright.
    const sideways = await sharp({ create: { width: 300, height: 600, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const turned = await upload(productId, new Uint8Array(sideways));
    const entry = turned.body.data.images.at(-1);
    expect(entry.widths).toEqual([320, 600]);
    const { bytes } = await served(entry.path.replace(/-\d+\.webp$/, "-600.webp"));
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 600, height: 300 });
  });

  it("refuses a picture of more than 50 megapixels from its header, without decoding it", async () => {
    const productId = await insertProduct(db);
    // A PNG whose header claims 10,000 × 10,000 pixels, with no real pixel data behind it.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body) >>> 0);
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(10_000, 0);
    header.writeUInt32BE(10_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(10))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const res = await upload(productId, new Uint8Array(bomb), "bomb.png", "image/png");
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual([
      { path: "image", message: "The image is 10000 × 10000 pixels; at most 50 megapixels are taken" },
    ]);
    // Just under the limit is taken: 7,000 × 7,142 (49,994,000 pixels), a flat colour.
    const big = await picture("png", 7000, 7142);
    expect((await upload(productId, big, "big.png", "image/png")).status).toBe(201);
  }, 60_000);

  it(`takes at most ${MAX_IMAGES} images a product, and each picture once`, async () => {
    const productId = await insertProduct(db, {
      images: Array.from({ length: MAX_IMAGES - 1 }, (_, i) => ({ path: `/media/art/test-${i}.svg` })),
    });
    const photo = await picture("jpeg", 700, 700);
    expect((await upload(productId, photo)).status).toBe(201);
    const again = await upload(productId, await picture("jpeg", 701, 700));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`A product has at most ${MAX_IMAGES} images. Remove one to add another.`);
    expect((await call("DELETE", `/userapp/admin/products/${productId}/images/0`, { token: admin.token })).status).toBe(
      200,
    );
    const duplicate = await upload(productId, photo);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe("This image is already one of the product's images.");
  });

  it("refuses a file over 5 MB with 413, and a body over the upload limit before reading it; other paths keep the API's limit", async () => {
    const productId = await insertProduct(db);
    // A real 2 MB picture (noise does not compress): more than API_BODY_LIMIT_BYTES' 1 MB, allowed here.
    const noise = new Uint8Array(1000 * 700 * 3).map(() => Math.floor(Math.random() * 256));
    const large = new Uint8Array(
      await sharp(noise, { raw: { width: 1000, height: 700, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    expect(large.byteLength).toBeGreaterThan(2_000_000);
    expect((await upload(productId, large, "large.png", "image/png")).status).toBe(201);

    const over = new Uint8Array(MAX_IMAGE_BYTES + 1);
    over.set(await picture("jpeg", 100, 100));
    const tooBig = await upload(productId, over);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ status: "PAYLOAD_TOO_LARGE", data: { limit: MAX_IMAGE_BYTES } });

    // Declared over the path's own limit: refused from its Content-Length.
    const huge = await call("POST", `/userapp/admin/products/${productId}/images`, {
      token: admin.token,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      rawBody: "x".repeat(UPLOAD_BODY_LIMIT_BYTES + 1),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ status: "PAYLOAD_TOO_LARGE", data: { limit: UPLOAD_BODY_LIMIT_BYTES } });
    // Every other admin path keeps API_BODY_LIMIT_BYTES.
    const json = await call("PUT", `/userapp/admin/products/${productId}`, {
      token: admin.token,
      headers: { "content-type": "application/json" },
      rawBody: JSON.stringify({ description: "x".repeat(1024 * 1024) }),
    });
    expect(json.status).toBe(413);
    expect(json.body.data).toEqual({ limit: 1024 * 1024 });
  });

  it("asks for the multipart field image, and answers 404 for an unknown product", async () => {
    const productId = await insertProduct(db);
    const json = await call("POST", `/userapp/admin/products/${productId}/images`, {
      token: admin.token,
      body: { image: "x" },
    });
    expect(json.status).toBe(422);
    expect(json.body.data).toEqual([
      { path: "image", message: "Send the image as multipart/form-data, in the field image" },
    ]);
    expect((await upload(productId, await picture("png"), "a.png", "image/png", "photo")).status).toBe(422);
    expect((await upload(newId(), await picture("png"))).status).toBe(404);
    expect((await upload("not-an-id", await picture("png"))).status).toBe(404);
  });
});

describe("removing product images", () => {
  it("removes one by its index, its files too unless an order shows it, with audit rows", async () => {
    const productId = await insertProduct(db, { images: [] });
    const first = (await upload(productId, await picture("jpeg", 800, 600))).body.data.images[0];
    const second = (await upload(productId, await picture("png", 900, 600))).body.data.images[1];
    expect((await call("GET", `/userapp/product/get/${productId}`)).body.data.image).toBe(first.path);

    // An order placed now shows the first picture.
    const shopper = await createUserWithToken(db);
    const home = {
      locality: "1 Park Street",
      city: "Kolkata",
      state: "West Bengal",
      zipcode: "700016",
      country: "India",
    };
    const order = await call("POST", "/userapp/order/create", {
      token: shopper.token,
      body: { productId, quantity: 1, size: "M", paymentMethod: "cod", address: home },
    });
    expect(order.status).toBe(201);

    const removed = await call("DELETE", `/userapp/admin/products/${productId}/images/0`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.images).toEqual([second]);
    expect((await call("GET", `/userapp/product/get/${productId}`)).body.data.image).toBe(second.path);
    // The order's picture is still served.
    expect((await served(first.path)).response.status).toBe(200);

    const last = await call("DELETE", `/userapp/admin/products/${productId}/images/0`, { token: admin.token });
    expect(last.body.data.images).toEqual([]);
    expect((await served(second.path)).response.status).toBe(404);
    const files = await db
      .select({ name: productMedia.name })
      .from(productMedia)
      .where(eq(productMedia.productId, productId));
    expect(files.map((file) => file.name).every((name) => first.path.includes(name.split("-")[0]))).toBe(true);

    for (const index of ["0", "5", "-1", "x"]) {
      expect(
        (await call("DELETE", `/userapp/admin/products/${productId}/images/${index}`, { token: admin.token })).status,
        index,
      ).toBe(404);
    }
    expect((await call("DELETE", `/userapp/admin/products/${newId()}/images/0`, { token: admin.token })).status).toBe(
      404,
    );

    const audit = await call("GET", `/userapp/admin/audit?entityId=${productId}`, { token: admin.token });
    expect(audit.body.data.data.map((row: { action: string }) => row.action)).toEqual([
      "product.image.remove",
      "product.image.remove",
      "product.image.add",
      "product.image.add",
    ]);
    expect(audit.body.data.data[0]).toMatchObject({ before: { images: [second] }, after: { images: [] } });
  });
});
