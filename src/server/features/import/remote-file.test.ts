import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "./remote-file.ts";

describe("addresses a calendar may not be read from", () => {
  it("are loopback, private, link-local and reserved ones", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1"]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111"]) expect(isPrivateAddress(address), address).toBe(false);
  });
});
