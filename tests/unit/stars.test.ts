import { describe, expect, it } from "vitest";
import { filledHalves } from "~/components/stars";

describe("filledHalves", () => {
  it("fills whole stars, and a half star from .5 up", () => {
    expect([4.7, 4.5, 4.4, 4, 3.6, 0.5, 0.4].map(filledHalves)).toEqual([9, 9, 8, 8, 7, 1, 0]);
  });

  it("keeps within five stars, and reads what is not a number as none", () => {
    expect([5, 7, 0, -1, Number.NaN, Number.POSITIVE_INFINITY].map(filledHalves)).toEqual([10, 10, 0, 0, 0, 0]);
  });
});
