import { describe, expect, it } from "vitest";
import { clientKeyOf } from "./rate-limits-client";

describe("clientKeyOf", () => {
  it("keys an IPv4 client by its whole address", () => {
    expect(clientKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("203.0.113.8")).toBe("203.0.113.8");
  });

  it("keys an IPv6 client by its /64, however the address is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0000:0000:0000:0009",
      "2001:db8:1:2:a:b:c:d",
      " 2001:db8:1:2::9 ",
      "2001:db8:1:2::1%eth0",
    ]) {
      expect(clientKeyOf(address), address).toBe(key);
    }
  });

  it("keeps different /64s apart, also when only the fourth group differs", () => {
    expect(clientKeyOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKeyOf("2001:db8:1::1")).toBe("2001:db8:1:0::/64");
    expect(clientKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(clientKeyOf("2001:db8:1:2::1")).not.toBe(clientKeyOf("2001:db8:1:20::1"));
  });

  it("reads a zero run at either end and an embedded IPv4 tail", () => {
    expect(clientKeyOf("2001:db8:1:2:3:4::")).toBe("2001:db8:1:2::/64");
    expect(clientKeyOf("2001:db8:1:2::192.0.2.1")).toBe("2001:db8:1:2::/64");
    expect(clientKeyOf("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("keys an IPv4 address written as IPv6 as that IPv4 address", () => {
    expect(clientKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("counts what is not an address as it is written", () => {
    for (const junk of [
      "2001:db8::1::2",
      "2001:db8:1:2:3:4:5:6:7",
      "2001:db8:1:2:3:4:5",
      "2001:db8:g::1",
      "1::2:300.0.0.1",
    ]) {
      expect(clientKeyOf(junk), junk).toBe(junk);
    }
  });
});
