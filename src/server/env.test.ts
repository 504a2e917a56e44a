import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv, publicUrl } from "./env.ts";

describe("configuration", () => {
  it("starts with working defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", DEMO_CONTENT: true });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(publicUrl(env)).toBe("http://localhost:3000");
  });

  it("names the variable that has a bad value", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT: expected a port number/);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ DEMO_CONTENT: "maybe" })).toThrow(/DEMO_CONTENT: expected true or false/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: expected a postgres:\/\/ URL/);
  });

  it("reads switches, URLs and treats empty values as unset", () => {
    const env = parseEnv({ PORT: "", DEMO_CONTENT: "false", DATABASE_URL: "postgres://u:p@db/niche", PUBLIC_URL: "https://niche.example.org/" });
    expect(env.PORT).toBe(3000);
    expect(env.DEMO_CONTENT).toBe(false);
    expect(env.DATABASE_URL).toBe("postgres://u:p@db/niche");
    expect(publicUrl(env)).toBe("https://niche.example.org");
  });
});

describe("metrics and backup settings", () => {
  it("reads a metrics token and a backup schedule, keeping 7 backups unless told", () => {
    const env = parseEnv({ METRICS_TOKEN: "0123456789abcdef0123", BACKUP_DIR: "/backups", BACKUP_AT: "03:30" });
    expect(env).toMatchObject({ METRICS_TOKEN: "0123456789abcdef0123", BACKUP_DIR: "/backups", BACKUP_AT: "03:30", BACKUP_KEEP: 7 });
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
  });

  it("names the setting at fault", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: expected at least 16 characters/);
    expect(() => parseEnv({ BACKUP_DIR: "/b", BACKUP_AT: "3:30" })).toThrow(/BACKUP_AT: expected a time of day as HH:MM/);
    expect(() => parseEnv({ BACKUP_DIR: "/b", BACKUP_AT: "24:00" })).toThrow(/BACKUP_AT: expected a time of day as HH:MM/);
    expect(() => parseEnv({ BACKUP_DIR: "/b", BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: expected at least 1 backup/);
    expect(() => parseEnv({ BACKUP_AT: "03:30" })).toThrow(/BACKUP_AT: scheduled backups need BACKUP_DIR/);
  });
});
